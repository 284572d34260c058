//! Just enough HTTP/1.1 for a page served on the loopback: one request per connection
//! (`Connection: close`), bodies by `Content-Length`, form-encoded parameters, and
//! server-sent event streams. std only: the server has a handful of routes and no
//! outside clients, so a framework would be most of the code it ships.

use std::collections::HashMap;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::time::Duration;

/// Largest request head and body accepted (a PGN of a long game fits many times over).
const MAX_HEAD: usize = 16 * 1024;
const MAX_BODY: usize = 1024 * 1024;

/// A parsed request: method, path without the query, and the query and form parameters
/// merged (the body's win).
#[derive(Debug)]
pub struct Request {
    pub method: String,
    pub path: String,
    pub params: HashMap<String, String>,
    /// The `Host` header, without the port.
    pub host: String,
}

impl Request {
    pub fn param(&self, name: &str) -> Option<&str> {
        self.params.get(name).map(String::as_str)
    }
}

/// Reads one request from `stream`.
///
/// # Errors
/// A malformed or oversized request, or the connection failing.
pub fn read_request(stream: &TcpStream) -> io::Result<Request> {
    stream.set_read_timeout(Some(Duration::from_secs(10)))?;
    let mut reader = BufReader::new(stream);
    let mut head = Vec::new();
    loop {
        let before = head.len();
        reader.read_until(b'\n', &mut head)?;
        if head.len() == before {
            return Err(bad("connection closed mid-request"));
        }
        if head.len() > MAX_HEAD {
            return Err(bad("request head too large"));
        }
        if head.ends_with(b"\r\n\r\n") || head.ends_with(b"\n\n") {
            break;
        }
    }
    let head = String::from_utf8(head).map_err(|_| bad("request head is not UTF-8"))?;
    let mut lines = head.lines();
    let request_line = lines.next().unwrap_or_default();
    let mut parts = request_line.split_whitespace();
    let (Some(method), Some(target)) = (parts.next(), parts.next()) else {
        return Err(bad("malformed request line"));
    };
    let mut length = 0;
    let mut host = String::new();
    for line in lines {
        if let Some((name, value)) = line.split_once(':') {
            let name = name.trim();
            if name.eq_ignore_ascii_case("content-length") {
                length = value.trim().parse().map_err(|_| bad("bad Content-Length"))?;
            } else if name.eq_ignore_ascii_case("host") {
                host = host_name(value.trim()).to_ascii_lowercase();
            }
        }
    }
    if length > MAX_BODY {
        return Err(bad("request body too large"));
    }
    let mut body = vec![0; length];
    reader.read_exact(&mut body)?;

    let (path, query) = target.split_once('?').unwrap_or((target, ""));
    let mut params = parse_form(query);
    params.extend(parse_form(&String::from_utf8_lossy(&body)));
    Ok(Request { method: method.to_string(), path: percent_decode(path), params, host })
}

/// `localhost:8080` without its port; `[::1]:8080` as `[::1]`.
fn host_name(host: &str) -> &str {
    match host.rfind(':') {
        Some(colon) if !host[colon..].contains(']') => &host[..colon],
        _ => host,
    }
}

fn bad(message: &str) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, message.to_string())
}

/// `a=1&b=x%20y` as a map (`application/x-www-form-urlencoded`, as `URLSearchParams`
/// writes it).
pub fn parse_form(text: &str) -> HashMap<String, String> {
    text.split('&')
        .filter(|pair| !pair.is_empty())
        .map(|pair| {
            let (name, value) = pair.split_once('=').unwrap_or((pair, ""));
            (percent_decode(&name.replace('+', " ")), percent_decode(&value.replace('+', " ")))
        })
        .collect()
}

fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| (b as char).to_digit(16);
        if bytes[i] == b'%' && i + 2 < bytes.len() {
            if let (Some(h), Some(l)) = (hex(bytes[i + 1]), hex(bytes[i + 2])) {
                out.push((h * 16 + l) as u8);
                i += 3;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// A whole response.
#[derive(Debug)]
pub struct Response {
    pub status: u16,
    pub content_type: &'static str,
    pub body: Vec<u8>,
}

impl Response {
    pub fn json(status: u16, body: String) -> Response {
        Response { status, content_type: "application/json", body: body.into_bytes() }
    }

    /// `{"error": message}` with `status`.
    pub fn error(status: u16, message: &str) -> Response {
        Response::json(status, format!("{{\"error\":{}}}", json_string(message)))
    }

    pub fn text(status: u16, content_type: &'static str, body: Vec<u8>) -> Response {
        Response { status, content_type, body }
    }

    /// Writes the response and ends the exchange.
    ///
    /// # Errors
    /// The connection failing.
    pub fn send(&self, mut stream: &TcpStream) -> io::Result<()> {
        let head = format!(
            "HTTP/1.1 {} {}\r\nContent-Type: {}\r\nContent-Length: {}\r\n\
             Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\n\
             Connection: close\r\n\r\n",
            self.status,
            reason(self.status),
            self.content_type,
            self.body.len()
        );
        stream.write_all(head.as_bytes())?;
        stream.write_all(&self.body)?;
        stream.flush()
    }
}

fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        400 => "Bad Request",
        403 => "Forbidden",
        404 => "Not Found",
        405 => "Method Not Allowed",
        409 => "Conflict",
        503 => "Service Unavailable",
        _ => "Error",
    }
}

/// Starts a server-sent event stream on `stream`.
///
/// # Errors
/// The connection failing.
pub fn start_events(mut stream: &TcpStream) -> io::Result<()> {
    stream.write_all(
        b"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-store\r\n\
          Connection: close\r\n\r\n",
    )?;
    stream.flush()
}

/// Sends one event of type `event` whose data is `data` (one line).
///
/// # Errors
/// The connection failing, as when the page has gone.
pub fn send_event(mut stream: &TcpStream, event: &str, data: &str) -> io::Result<()> {
    debug_assert!(!data.contains('\n'));
    stream.write_all(format!("event: {event}\ndata: {data}\n\n").as_bytes())?;
    stream.flush()
}

/// Sends a comment line, which the page ignores: a write that fails tells that the page
/// has gone.
///
/// # Errors
/// The connection failing.
pub fn send_comment(mut stream: &TcpStream) -> io::Result<()> {
    stream.write_all(b": ping\n\n")?;
    stream.flush()
}

/// `text` as a JSON string literal.
pub fn json_string(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn form_decoding_keeps_plus_signs_that_were_escaped() {
        let form = parse_form("moves=c1b2%2B+J%40c3&fen=a+b");
        assert_eq!(form["moves"], "c1b2+ J@c3");
        assert_eq!(form["fen"], "a b");
        assert_eq!(parse_form("x=%zz%4"), HashMap::from([("x".into(), "%zz%4".into())]));
    }

    #[test]
    fn json_strings_are_escaped() {
        assert_eq!(json_string("a\"b\\c\nd\u{1}"), "\"a\\\"b\\\\c\\nd\\u0001\"");
    }
}

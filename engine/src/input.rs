//! Reading stdin on its own thread, so the command loop can answer `isready`, `stop` and
//! `ponderhit` while a search runs, and never trusting what arrives: bytes that are not
//! UTF-8 are replaced, `\r\n` line ends are accepted, and a line longer than
//! [`MAX_LINE_BYTES`] is dropped (and reported) instead of growing memory without bound.

use std::io::{self, BufRead};
use std::sync::mpsc::{self, Receiver};
use std::thread;

/// The longest line accepted: room for a `position` command with thousands of moves.
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// What the reader thread delivers.
#[derive(Debug, PartialEq, Eq)]
pub enum Input {
    Line(String),
    /// A line longer than [`MAX_LINE_BYTES`] was skipped.
    TooLong,
    /// Stdin is closed (or unreadable).
    End,
}

/// Reads lines from `reader` into a channel until the end of input.
pub fn spawn_reader<R: BufRead + Send + 'static>(mut reader: R) -> Receiver<Input> {
    let (sender, receiver) = mpsc::channel();
    thread::Builder::new()
        .name("stdin".into())
        .spawn(move || loop {
            let input = read_line(&mut reader);
            let end = input == Input::End;
            if sender.send(input).is_err() || end {
                break;
            }
        })
        .expect("the input thread starts");
    receiver
}

/// Reads stdin on a thread of its own.
pub fn spawn_stdin_reader() -> Receiver<Input> {
    spawn_reader(io::BufReader::new(io::stdin()))
}

fn read_line<R: BufRead>(reader: &mut R) -> Input {
    let mut line = Vec::new();
    let mut too_long = false;
    loop {
        let buffer = match reader.fill_buf() {
            Ok(buffer) => buffer,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(_) => return Input::End,
        };
        if buffer.is_empty() {
            // End of input: a last line without newline still counts.
            return if too_long {
                Input::TooLong
            } else if line.is_empty() {
                Input::End
            } else {
                Input::Line(decode(&line))
            };
        }
        let (chunk, found_newline) = match buffer.iter().position(|&b| b == b'\n') {
            Some(i) => (&buffer[..i], true),
            None => (buffer, false),
        };
        if !too_long {
            if line.len() + chunk.len() > MAX_LINE_BYTES {
                too_long = true;
                line = Vec::new();
            } else {
                line.extend_from_slice(chunk);
            }
        }
        let used = chunk.len() + usize::from(found_newline);
        reader.consume(used);
        if found_newline {
            return if too_long { Input::TooLong } else { Input::Line(decode(&line)) };
        }
    }
}

fn decode(bytes: &[u8]) -> String {
    let text = String::from_utf8_lossy(bytes);
    text.strip_suffix('\r').unwrap_or(&text).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(bytes: &[u8]) -> Vec<Input> {
        let receiver = spawn_reader(io::Cursor::new(bytes.to_vec()));
        receiver.iter().collect()
    }

    #[test]
    fn splits_lines_and_ends() {
        assert_eq!(
            lines(b"uci\r\nisready\nquit"),
            vec![
                Input::Line("uci".into()),
                Input::Line("isready".into()),
                Input::Line("quit".into()),
                Input::End
            ]
        );
    }

    #[test]
    fn invalid_utf8_is_replaced() {
        assert_eq!(lines(b"go \xff\n")[0], Input::Line("go \u{fffd}".into()));
    }

    #[test]
    fn overlong_lines_are_dropped() {
        let mut bytes = vec![b'x'; MAX_LINE_BYTES + 10];
        bytes.extend_from_slice(b"\nisready\n");
        assert_eq!(lines(&bytes), vec![Input::TooLong, Input::Line("isready".into()), Input::End]);
    }
}

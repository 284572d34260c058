// The page: a board (chessgroundx) and controls. It keeps a game as a variant, a start
// FEN and a list of UCI moves; every rule (legal moves, the position after a move, the
// end of the game, FEN and PGN) comes from the server, which asks ekumen-movegen. The
// engine is a native process on the server, reached through /api/engine/*.
import { Chessground } from 'chessgroundx';
import { pieceCss, usesChessSet } from './pieces.js';

const $ = (id) => document.getElementById(id);

const S = {
  variants: [],
  variant: 'chess',
  startFen: '',
  moves: [],
  game: null, // the server's answer for (variant, startFen, moves)
  user: 'white',
  orientation: 'white',
  over: null, // text of a game end the server does not see (a flag fall)
  view: null, // ply shown while stepping through the game, null for the live position
  line: null, // an analysis line shown on the board: { fens, base, ply, moves }
  newGame: true,
  engine: { id: null, alive: false, events: null },
  expect: null, // the search whose bestmove is the engine's move: { search, plies }
  bestmoves: new Map(), // bestmoves that came before their search number was known
  analysis: { on: false, search: -1, lines: new Map() },
  clock: null, // { white, black, inc, running, since }
  gameNumber: 0, // counts the games started, for the browser test to wait on
};
let cg = null;

async function api(path, params = {}) {
  const response = await fetch(path, { method: 'POST', body: new URLSearchParams(params) });
  let data;
  try {
    data = await response.json();
  } catch {
    data = { error: `The server answered ${response.status}.` };
  }
  if (!response.ok) throw new Error(data.error || `The server answered ${response.status}.`);
  return data;
}

function say(text, ok = false) {
  $('message').textContent = text;
  $('message').classList.toggle('ok', ok);
}

function gameParams(extra = []) {
  return { variant: S.variant, fen: S.startFen, moves: S.moves.concat(extra).join(' ') };
}

// ---- the board ----

function makeBoard() {
  const g = S.game;
  const boardEl = $('board');
  for (const el of [boardEl, $('pocket-top'), $('pocket-bottom')]) {
    el.style.setProperty('--files', g.files);
    el.style.setProperty('--ranks', g.ranks);
  }
  if (cg) cg.destroy();
  boardEl.className = 'board';
  $('piece-css').textContent = pieceCss(S.variant);
  const hasPockets = g.pocketRoles.white.length + g.pocketRoles.black.length > 0;
  let top, bottom;
  for (const id of ['pocket-top', 'pocket-bottom']) $(id).innerHTML = '';
  if (hasPockets) {
    top = document.createElement('div');
    bottom = document.createElement('div');
    $('pocket-top').appendChild(top);
    $('pocket-bottom').appendChild(bottom);
  }
  const roles = (letters) => letters.map((l) => l.toLowerCase() + '-piece');
  cg = Chessground(
    boardEl,
    {
      fen: g.fen,
      orientation: S.orientation,
      dimensions: { width: g.files, height: g.ranks },
      autoCastle: false,
      coordinates: true,
      kingRoles: ['k-piece', 'pk-piece'],
      pocketRoles: hasPockets
        ? { white: roles(g.pocketRoles.white), black: roles(g.pocketRoles.black) }
        : undefined,
      animation: { enabled: true, duration: 120 },
      highlight: { lastMove: true, check: true },
      premovable: { enabled: false },
      draggable: { enabled: true, showGhost: true },
      movable: {
        free: false,
        showDests: true,
        events: { after: onBoardMove, afterNewPiece: onDrop },
      },
    },
    top,
    bottom,
  );
  // Piece images apply to the board and the hands alike.
  const column = $('board-column');
  column.className = `board-column variant-${S.variant}`;
  column.classList.toggle('chess-set', usesChessSet(S.variant));
  $('evalbar').classList.toggle('flipped', S.orientation === 'black');
  render();
}

function destsOf(g) {
  const dests = new Map();
  for (const m of g.moves) {
    const from = m.from.replace(/^\+(.)@$/, '$1@'); // dark-form drops share the hand slot
    if (!dests.has(from)) dests.set(from, []);
    if (!dests.get(from).includes(m.to)) dests.get(from).push(m.to);
  }
  return dests;
}

function turnOf(fen) {
  return fen.split(' ')[1] === 'b' ? 'black' : 'white';
}

function live() {
  return !S.line && S.view === null;
}

function userMayMove() {
  const g = S.game;
  if (!live() || S.over || g.outcome || !S.engine.alive && !S.analysis.on) return false;
  return S.analysis.on || g.turn === S.user;
}

function render() {
  const g = S.game;
  let fen = g.fen;
  let lastMove = g.lastMove;
  if (S.line) {
    fen = S.line.fens[S.line.base + S.line.ply];
    lastMove = lastOf(S.line.moves[S.line.base + S.line.ply - 1]);
  } else if (S.view !== null) {
    fen = g.fens[S.view];
    lastMove = lastOf(S.moves[S.view - 1]);
  }
  const movable = userMayMove();
  cg.set({
    fen,
    turnColor: turnOf(fen),
    lastMove,
    check: live() && g.check,
    movable: { color: movable ? g.turn : undefined, dests: movable ? destsOf(g) : new Map() },
  });
  $('fen').value = fen;
  renderStatus();
  renderMoves();
  renderClocks();
  document.body.dataset.turn = g.turn;
  document.body.dataset.plies = String(S.moves.length);
  document.body.dataset.over = S.over || g.outcome ? '1' : '0';
  document.body.dataset.thinking = S.expect ? '1' : '0';
  document.body.dataset.game = String(S.gameNumber);
}

function lastOf(uci) {
  if (!uci) return [];
  const m = uci.match(/^(\+?[A-Z]@)?([a-z]\d+)([a-z]\d+)?/);
  if (!m) return [];
  return m[1] ? [m[2]] : [m[2], m[3]];
}

function renderStatus() {
  const g = S.game;
  const el = $('status');
  let text;
  if (S.over) text = S.over;
  else if (g.outcome) text = `${g.outcome.text} (${g.outcome.result})`;
  else {
    const side = g.turn === 'white' ? 'White' : 'Black';
    text = `${side} to move` + (g.check ? ', in check' : '');
    if (S.expect) text += ' — Ekumen is thinking…';
    else if (!S.analysis.on && g.turn === S.user) text += ' — your move';
  }
  if (S.line) text += ` (showing a line, ply ${S.line.ply} of ${S.line.moves.length - S.line.base})`;
  else if (S.view !== null) text += ` (showing ply ${S.view} of ${S.moves.length})`;
  el.textContent = text;
  el.classList.toggle('over', !!(S.over || g.outcome));
}

function renderMoves() {
  const list = $('movelist');
  list.innerHTML = '';
  const blackFirst = turnOf(S.game.fens[0]) === 'black';
  const plies = S.moves.map((m, i) => ({ m, ply: i + 1 }));
  if (blackFirst) plies.unshift(null);
  for (let i = 0; i < plies.length; i += 2) {
    const li = document.createElement('li');
    for (const entry of plies.slice(i, i + 2)) {
      const span = document.createElement('span');
      if (entry) {
        span.textContent = entry.m;
        span.dataset.ply = entry.ply;
        const shown = S.view === null ? S.moves.length : S.view;
        if (entry.ply === shown) span.className = 'current';
        span.onclick = () => showPly(entry.ply);
      } else span.textContent = '…';
      li.appendChild(span);
    }
    list.appendChild(li);
  }
  const current = list.querySelector('.current');
  if (current) current.scrollIntoView({ block: 'nearest' });
}

function showPly(ply) {
  S.line = null;
  $('line-view').hidden = true;
  S.view = ply >= S.moves.length ? null : Math.max(0, ply);
  render();
}

// ---- moves ----

function onBoardMove(orig, dest) {
  choose(S.game.moves.filter((m) => m.from === orig && m.to === dest));
}

function onDrop(piece, key) {
  const letter = piece.role.replace('-piece', '').toUpperCase();
  choose(S.game.moves.filter((m) => m.to === key && (m.from === letter + '@' || m.from === '+' + letter + '@')));
}

// One legal move is played at once; several (promotion choices, a drop in either form)
// are offered as buttons.
function choose(candidates) {
  const chooser = $('chooser');
  chooser.innerHTML = '';
  chooser.hidden = true;
  if (candidates.length === 1) return playMove(candidates[0].uci);
  if (candidates.length === 0) return render();
  chooser.append('Choose: ');
  for (const m of candidates) {
    const button = document.createElement('button');
    button.textContent = m.uci;
    button.onclick = () => {
      chooser.hidden = true;
      playMove(m.uci);
    };
    chooser.appendChild(button);
  }
  const cancel = document.createElement('button');
  cancel.textContent = 'Cancel';
  cancel.onclick = () => {
    chooser.hidden = true;
    render();
  };
  chooser.appendChild(cancel);
  chooser.hidden = false;
}

async function playMove(uci) {
  let g;
  try {
    g = await api('/api/position', gameParams([uci]));
  } catch (e) {
    say(e.message);
    render();
    return;
  }
  const mover = S.game.turn;
  S.moves.push(uci);
  S.game = g;
  S.view = null;
  S.line = null;
  $('line-view').hidden = true;
  if (S.clock) {
    stampClock();
    S.clock[mover] += S.clock.inc;
  }
  say('');
  render();
  afterChange();
}

// What happens once the position changed: the game ends, the analysis follows, or the
// engine moves.
function afterChange() {
  const g = S.game;
  S.analysis.lines.clear();
  renderLines();
  if (g.outcome || S.over) {
    stopClock();
    render();
    return;
  }
  if (S.clock && !S.analysis.on) startClock();
  if (S.analysis.on) analyse();
  else if (g.turn !== S.user) engineMove();
}

// ---- the engine ----

function strengthParams() {
  return $('strength-kind').value === 'elo' ? { elo: $('elo').value } : { skill: $('skill').value };
}

async function engineMove() {
  if (!S.engine.alive) return;
  const params = { id: S.engine.id, ...gameParams(), ...strengthParams(), multipv: 1 };
  if (S.newGame) params.newgame = 1;
  if (S.clock) {
    stampClock();
    Object.assign(params, {
      wtime: Math.max(1, Math.round(S.clock.white)),
      btime: Math.max(1, Math.round(S.clock.black)),
      winc: S.clock.inc,
      binc: S.clock.inc,
    });
  } else params.movetime = $('movetime').value;
  const plies = S.moves.length;
  S.expect = { search: null, plies };
  render();
  try {
    const { search } = await api('/api/engine/go', params);
    S.newGame = false;
    if (!S.expect || S.expect.plies !== plies) return;
    S.expect.search = search;
    if (S.bestmoves.has(search)) onBestmove(search, S.bestmoves.get(search));
  } catch (e) {
    S.expect = null;
    say(e.message);
    render();
  }
}

function onBestmove(search, move) {
  S.bestmoves.set(search, move);
  const e = S.expect;
  if (!e || e.search !== search || e.plies !== S.moves.length) return;
  S.expect = null;
  S.bestmoves.clear();
  if (move === '(none)' || move === '0000') {
    say('The engine found no move.');
    render();
    return;
  }
  playMove(move);
}

async function stopEngine() {
  S.expect = null;
  if (S.engine.alive) {
    try {
      await api('/api/engine/stop', { id: S.engine.id });
    } catch {
      /* a dead engine says so through its event stream */
    }
  }
}

async function analyse() {
  if (!S.engine.alive || S.game.outcome) return;
  S.analysis.lines.clear();
  S.analysis.search = -1;
  const params = {
    id: S.engine.id,
    ...gameParams(),
    infinite: 1,
    analyse: 1,
    multipv: $('multipv').value,
    skill: 20,
  };
  try {
    const { search } = await api('/api/engine/go', params);
    S.analysis.search = search;
  } catch (e) {
    say(e.message);
  }
}

function parseInfo(line) {
  const t = line.split(' ');
  const info = { multipv: 1 };
  for (let i = 1; i < t.length; i++) {
    switch (t[i]) {
      case 'depth':
      case 'multipv':
      case 'nodes':
      case 'nps':
      case 'seldepth':
      case 'time':
        info[t[i]] = Number(t[++i]);
        break;
      case 'score':
        info.score = { kind: t[i + 1], value: Number(t[i + 2]) };
        i += 2;
        break;
      case 'pv':
        info.pv = t.slice(i + 1);
        return info;
      case 'string':
        return null;
    }
  }
  return info;
}

function onEngineLine(search, line) {
  if (line.startsWith('bestmove')) {
    onBestmove(search, line.split(' ')[1]);
    return;
  }
  if (!S.analysis.on || search !== S.analysis.search) return;
  const info = parseInfo(line);
  if (!info || !info.pv || !info.score) return;
  S.analysis.lines.set(info.multipv, info);
  scheduleLines();
}

let linesPending = false;
function scheduleLines() {
  if (linesPending) return;
  linesPending = true;
  requestAnimationFrame(() => {
    linesPending = false;
    renderLines();
  });
}

// A score from the side to move's view, as text and as White's share of the bar.
function scoreOf(score, turn) {
  const sign = turn === 'white' ? 1 : -1;
  if (score.kind === 'mate') {
    const white = sign * score.value;
    return { text: (white > 0 ? '#' : '#-') + Math.abs(score.value), share: white > 0 ? 1 : 0 };
  }
  const cp = sign * score.value;
  return {
    text: (cp >= 0 ? '+' : '') + (cp / 100).toFixed(2),
    share: 1 / (1 + Math.exp(-cp / 250)),
  };
}

function renderLines() {
  const box = $('lines');
  box.innerHTML = '';
  const turn = S.game.turn;
  const entries = [...S.analysis.lines.entries()].sort((a, b) => a[0] - b[0]);
  for (const [, info] of entries) {
    const div = document.createElement('div');
    div.className = 'line';
    const score = scoreOf(info.score, turn);
    div.innerHTML = `<span class="score">${score.text}</span><span class="meta">d${info.depth} ${formatNodes(info.nodes)}</span>`;
    info.pv.forEach((mv, j) => {
      const span = document.createElement('span');
      span.className = 'mv';
      span.textContent = mv;
      span.onclick = () => showLine(info.pv, j + 1);
      div.appendChild(span);
      div.append(' ');
    });
    box.appendChild(div);
  }
  const best = S.analysis.lines.get(1);
  if (best && S.analysis.on) {
    const score = scoreOf(best.score, turn);
    $('evalfill').style.height = `${(score.share * 100).toFixed(1)}%`;
    $('evaltext').textContent = score.text;
  } else if (!S.analysis.on) {
    $('evalfill').style.height = '50%';
    $('evaltext').textContent = '';
  }
}

function formatNodes(n) {
  if (n === undefined) return '';
  return n >= 1e6 ? (n / 1e6).toFixed(1) + 'M nodes' : n >= 1e3 ? (n / 1e3).toFixed(0) + 'k nodes' : n + ' nodes';
}

async function showLine(pv, ply) {
  try {
    const g = await api('/api/position', gameParams(pv));
    S.line = { fens: g.fens, base: S.moves.length, ply, moves: S.moves.concat(pv) };
    $('line-view').hidden = false;
    renderLineView();
    render();
  } catch (e) {
    say(e.message);
  }
}

function stepLine(delta) {
  if (!S.line) return;
  const max = S.line.moves.length - S.line.base;
  S.line.ply = Math.min(max, Math.max(0, S.line.ply + delta));
  renderLineView();
  render();
}

function renderLineView() {
  const { moves, base, ply } = S.line;
  $('line-ply').textContent = ply === 0 ? 'the game position' : `after ${moves.slice(base, base + ply).join(' ')}`;
}

// ---- the engine session ----

async function openEngine() {
  $('engine-state').textContent = 'starting the engine…';
  $('restart').hidden = true;
  try {
    const { id } = await api('/api/engine/open');
    S.engine.id = id;
  } catch (e) {
    engineDown(e.message, 'Retry');
    return;
  }
  const events = new EventSource(`/api/engine/events?id=${S.engine.id}`);
  S.engine.events = events;
  events.addEventListener('ready', () => {
    const wasDown = !S.engine.alive;
    S.engine.alive = true;
    S.newGame = true;
    document.body.dataset.engine = 'ready';
    $('engine-state').textContent = 'Ekumen is ready';
    $('engine-state').classList.remove('dead');
    $('restart').hidden = true;
    if (wasDown && S.game) {
      render();
      afterChange();
    }
  });
  events.addEventListener('uci', (e) => {
    const data = JSON.parse(e.data);
    onEngineLine(data.search, data.line);
  });
  events.addEventListener('dead', (e) => engineDown(JSON.parse(e.data).message, 'Restart the engine'));
  events.onerror = () => {
    if (events.readyState === EventSource.CLOSED) engineDown('The server is gone: reload the page.', null);
  };
}

function engineDown(message, action) {
  S.engine.alive = false;
  S.expect = null;
  document.body.dataset.engine = 'dead';
  $('engine-state').textContent = message;
  $('engine-state').classList.add('dead');
  $('restart').hidden = !action;
  if (action) $('restart').textContent = action;
  if (S.game) render();
}

async function restartEngine() {
  if (S.engine.id === null || !S.engine.events) return openEngine();
  try {
    await api('/api/engine/restart', { id: S.engine.id });
  } catch (e) {
    if (/No such engine session/.test(e.message)) {
      S.engine.events.close();
      S.engine.id = null;
      return openEngine();
    }
    engineDown(e.message, 'Restart the engine');
  }
}

// ---- the clock ----

function stampClock() {
  const c = S.clock;
  if (!c || !c.running) return;
  const now = performance.now();
  c[c.running] -= now - c.since;
  c.since = now;
}

function startClock() {
  stampClock();
  S.clock.running = S.game.turn;
  S.clock.since = performance.now();
}

function stopClock() {
  if (!S.clock) return;
  stampClock();
  S.clock.running = null;
}

function formatTime(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

function renderClocks() {
  const c = S.clock;
  const top = S.orientation === 'white' ? 'black' : 'white';
  for (const [id, color] of [['clock-top', top], ['clock-bottom', top === 'white' ? 'black' : 'white']]) {
    const el = $(id);
    el.textContent = c ? `${color === 'white' ? 'White' : 'Black'} ${formatTime(c[color])}` : '';
    el.classList.toggle('running', !!c && c.running === color);
  }
}

setInterval(() => {
  const c = S.clock;
  if (!c || !c.running || S.over) return;
  stampClock();
  if (c[c.running] <= 0) {
    const loser = c.running;
    S.overResult = loser === 'white' ? '0-1' : '1-0';
    S.overReason = `${loser === 'white' ? 'White' : 'Black'} loses on time`;
    S.over = `${S.overReason} (${S.overResult})`;
    c.running = null;
    stopEngine();
    render();
  } else renderClocks();
}, 200);

// ---- games ----

async function newGame(fen = '') {
  const variant = $('variant').value;
  let g;
  try {
    g = await api('/api/position', { variant, fen, moves: '' });
  } catch (e) {
    say(e.message); // the game on the board goes on unchanged
    return false;
  }
  await stopEngine();
  startGame(g, []);
  return true;
}

function startGame(g, moves) {
  S.gameNumber += 1;
  S.variant = g.variant;
  $('variant').value = g.variant;
  S.startFen = g.startFen;
  S.moves = moves;
  S.game = g;
  S.over = null;
  S.view = null;
  S.line = null;
  S.newGame = true;
  S.user = $('side').value;
  S.orientation = S.user;
  $('line-view').hidden = true;
  const [base, inc] = $('clock').value.split('+').map(Number);
  S.clock = $('clock').value === 'none' ? null : { white: base * 1000, black: base * 1000, inc: inc * 1000, running: null };
  makeBoard();
  afterChange();
}

// Takes back the last move; against the engine, back to the user's last turn.
async function takeBack() {
  if (S.moves.length === 0) return;
  await stopEngine();
  const drop = !S.analysis.on && S.game.turn === S.user && S.moves.length >= 2 ? 2 : 1;
  const moves = S.moves.slice(0, S.moves.length - drop);
  try {
    S.game = await api('/api/position', { variant: S.variant, fen: S.startFen, moves: moves.join(' ') });
  } catch (e) {
    say(e.message);
    return;
  }
  S.moves = moves;
  S.over = null;
  S.view = null;
  S.line = null;
  render();
  afterChange();
}

async function importPgn() {
  try {
    const g = await api('/api/pgn/import', { pgn: $('pgn').value, variant: $('variant').value });
    await stopEngine();
    $('side').value = g.turn;
    startGame(g, g.played);
    say(`Imported ${g.played.length} plies of ${g.variant}.`, true);
  } catch (e) {
    say(e.message);
  }
}

async function exportPgn() {
  try {
    const engine = 'Ekumen';
    const you = 'You';
    const { pgn } = await api('/api/pgn/export', {
      ...gameParams(),
      white: S.analysis.on ? '' : S.user === 'white' ? you : engine,
      black: S.analysis.on ? '' : S.user === 'black' ? you : engine,
      date: new Date().toISOString().slice(0, 10).replaceAll('-', '.'),
      ...(S.over ? { result: S.overResult, reason: S.overReason } : {}),
    });
    $('pgn').value = pgn;
    const link = $('pgn-download');
    link.href = URL.createObjectURL(new Blob([pgn], { type: 'application/x-chess-pgn' }));
    link.hidden = false;
  } catch (e) {
    say(e.message);
  }
}

// ---- start ----

async function init() {
  const style = document.createElement('style');
  style.id = 'piece-css';
  document.head.appendChild(style);
  const { variants } = await (await fetch('/api/variants')).json();
  S.variants = variants;
  for (const v of variants) $('variant').add(new Option(v.name, v.name));
  const params = new URLSearchParams(location.search);
  if (params.get('variant')) $('variant').value = params.get('variant');

  $('newgame').onclick = () => newGame();
  $('takeback').onclick = takeBack;
  $('flip').onclick = () => {
    S.orientation = S.orientation === 'white' ? 'black' : 'white';
    makeBoard();
  };
  $('first').onclick = () => showPly(0);
  $('prev').onclick = () => showPly((S.view ?? S.moves.length) - 1);
  $('next').onclick = () => showPly((S.view ?? S.moves.length) + 1);
  $('last').onclick = () => showPly(S.moves.length);
  $('strength-kind').onchange = () => {
    const elo = $('strength-kind').value === 'elo';
    $('elo-label').hidden = !elo;
    $('skill-label').hidden = elo;
  };
  $('clock').onchange = () => ($('movetime-label').hidden = $('clock').value !== 'none');
  $('analyse').onchange = async () => {
    S.analysis.on = $('analyse').checked;
    await stopEngine();
    S.analysis.lines.clear();
    renderLines();
    if (S.analysis.on) stopClock();
    afterChange();
    render();
  };
  $('multipv').onchange = () => S.analysis.on && analyse();
  $('fen-load').onclick = async () => {
    if (await newGame($('fen').value)) say('Position set up.', true);
  };
  $('pgn-import').onclick = importPgn;
  $('pgn-export').onclick = exportPgn;
  $('restart').onclick = restartEngine;
  $('line-prev').onclick = () => stepLine(-1);
  $('line-next').onclick = () => stepLine(1);
  $('line-close').onclick = () => {
    S.line = null;
    $('line-view').hidden = true;
    render();
  };
  document.addEventListener('keydown', (e) => {
    if (e.target.matches('input, textarea, select')) return;
    if (S.line && (e.key === 'ArrowLeft' || e.key === 'ArrowRight')) stepLine(e.key === 'ArrowLeft' ? -1 : 1);
    else if (e.key === 'ArrowLeft') $('prev').click();
    else if (e.key === 'ArrowRight') $('next').click();
  });
  window.addEventListener('pagehide', () => {
    if (S.engine.id !== null) navigator.sendBeacon('/api/engine/close', new URLSearchParams({ id: S.engine.id }));
  });
  await openEngine();
  await newGame();
}

init();

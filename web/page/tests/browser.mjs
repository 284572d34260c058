// The page in a real browser: headless Chromium, driven by playwright-core, plays a
// whole game against the engine in every variant by clicking and dragging, checks every
// move against the server's rules (ekumen-movegen), shows analysis lines, steps through
// one, and feeds the page a bad FEN and a bad PGN.
//
//   node tests/browser.mjs http://127.0.0.1:PORT/ SCREENSHOT_DIR
//
// CHROMIUM names the browser (default /usr/bin/chromium). Exits non-zero on the first
// failure, with what was expected.
import { chromium } from 'playwright-core';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import assert from 'node:assert/strict';

const [url, shots = 'target/web-screenshots'] = process.argv.slice(2);
mkdirSync(shots, { recursive: true });
const MAX_PLIES = 400;
const GAMES = [
  { variant: 'chess', side: 'white' },
  { variant: 'gothic', side: 'white' },
  { variant: 'shinobi', side: 'white' },
  { variant: 'gethenian', side: 'white' },
  { variant: 'coherent', side: 'black' },
];

// A seeded generator, so that a failing game can be replayed.
let seed = Number(process.env.SEED || 12345);
function random(n) {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed % n;
}

async function rules(variant, fen, moves) {
  const response = await fetch(new URL('/api/position', url), {
    method: 'POST',
    body: new URLSearchParams({ variant, fen, moves: moves.join(' ') }),
  });
  const body = await response.json();
  return { ok: response.ok, body };
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: [
    '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync',
  ],
});
const page = await browser.newPage({ viewport: { width: 1150, height: 900 } });
const errors = [];
page.on('pageerror', (e) => errors.push(e.message));
// Nothing may be fetched from anywhere but the server.
const origin = new URL(url).origin;
await page.route('**/*', (route) => {
  const target = route.request().url();
  if (target.startsWith(origin) || target.startsWith('data:')) return route.continue();
  errors.push(`the page fetched ${target}`);
  return route.abort();
});

async function screenshot(name) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${shots}/${name}.png` });
}

const state = () =>
  page.evaluate(() => ({
    plies: Number(document.body.dataset.plies),
    turn: document.body.dataset.turn,
    over: document.body.dataset.over === '1',
    thinking: document.body.dataset.thinking === '1',
    engine: document.body.dataset.engine,
    fen: document.getElementById('fen').value,
    moves: [...document.querySelectorAll('#movelist span[data-ply]')].map((s) => s.textContent),
    status: document.getElementById('status').textContent,
    message: document.getElementById('message').textContent,
    game: Number(document.body.dataset.game),
    pieces: document.querySelectorAll('cg-board piece:not(.ghost):not(.fading)').length,
  }));

async function waitFor(predicate, what, ms = 20000) {
  const end = Date.now() + ms;
  for (;;) {
    const s = await state();
    if (predicate(s)) return s;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(s)}`);
    await page.waitForTimeout(25);
  }
}

function boardPieces(fen) {
  return [...fen.split(/[ [\]]/)[0]].filter((c) => /[a-zA-Z]/.test(c)).length;
}

// The centre of square `key` on the board as drawn.
async function squareCenter(key, files, ranks, orientation) {
  const box = await page.locator('cg-board').boundingBox();
  const file = key.charCodeAt(0) - 97;
  const rank = Number(key.slice(1)) - 1;
  const col = orientation === 'white' ? file : files - 1 - file;
  const row = orientation === 'white' ? ranks - 1 - rank : rank;
  return { x: box.x + ((col + 0.5) * box.width) / files, y: box.y + ((row + 0.5) * box.height) / ranks };
}

async function makeMove(move, game, orientation, drag) {
  const to = await squareCenter(move.to, game.files, game.ranks, orientation);
  if (move.from.endsWith('@')) {
    const role = move.from.replace('+', '').replace('@', '').toLowerCase() + '-piece';
    const slot = page.locator(`#pocket-bottom piece[data-role="${role}"]`);
    const box = await slot.boundingBox();
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.click(to.x, to.y);
  } else {
    const from = await squareCenter(move.from, game.files, game.ranks, orientation);
    if (drag) {
      await page.mouse.move(from.x, from.y);
      await page.mouse.down();
      await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 3 });
      await page.mouse.move(to.x, to.y, { steps: 3 });
      await page.mouse.up();
    } else {
      await page.mouse.click(from.x, from.y);
      await page.mouse.click(to.x, to.y);
    }
  }
  // Several legal moves for one gesture (a promotion, a drop in either form): the page
  // offers them as buttons.
  const end = Date.now() + 5000;
  while (Date.now() < end) {
    if ((await state()).plies > game.played.length) return;
    const choice = page.getByRole('button', { name: move.uci, exact: true });
    if (await page.locator('#chooser').isVisible() && (await choice.count()) === 1) {
      await choice.click();
      return;
    }
    await page.waitForTimeout(25);
  }
}

async function playGame({ variant, side }) {
  await page.selectOption('#variant', variant);
  await page.selectOption('#side', side);
  await page.fill('#skill', '0');
  await page.selectOption('#clock', 'none');
  await page.fill('#movetime', '50');
  const previous = (await state()).game;
  await page.click('#newgame');
  let s = await waitFor((s) => s.game > previous && s.plies === 0, `a new ${variant} game`);
  const start = s.fen;
  const played = [];
  let shot = false;
  for (;;) {
    assert.ok(played.length < MAX_PLIES, `${variant}: no end after ${MAX_PLIES} plies`);
    s = await state();
    // The engine's moves since the last look, each checked against the rules.
    while (s.moves.length > played.length) {
      const reply = s.moves[played.length];
      const at = await rules(variant, start, played);
      assert.notEqual(at.body.turn, side, `${variant}: the engine moved on its own turn`);
      assert.ok(at.body.moves.some((m) => m.uci === reply), `${variant}: the engine's ${reply} is legal`);
      played.push(reply);
    }
    const now = await rules(variant, start, played);
    assert.ok(now.ok, `${variant}: the game so far is legal: ${now.body.error}`);
    const game = now.body;
    if (s.over) break;
    if (game.turn !== side) {
      await waitFor((s) => s.plies > played.length || s.over, `${variant}: the engine's move`);
      continue;
    }
    // The user's turn: the page is still, and shows the rules' position.
    assert.equal(s.fen, game.fen, `${variant}: the page shows the position of the rules`);
    await waitFor((s) => s.pieces === boardPieces(game.fen), `${variant}: every piece drawn`, 3000);
    if (!shot && played.length >= 12) {
      await screenshot(variant);
      shot = true;
    }
    const move = game.moves[random(game.moves.length)];
    await makeMove(move, game, side, played.length % 3 === 2);
    s = await waitFor((s) => s.plies > played.length, `${variant}: the page to take ${move.uci}`);
    assert.equal(s.moves[played.length], move.uci, `${variant}: the page played the clicked move`);
    played.push(move.uci);
  }
  const end = await rules(variant, start, played);
  assert.ok(end.body.outcome, `${variant}: the rules say the game is over`);
  assert.ok(s.status.includes(end.body.outcome.text), `${variant}: the page shows "${end.body.outcome.text}": ${s.status}`);
  if (!shot) await screenshot(variant);
  console.log(`${variant}: ${played.length} plies, ${end.body.outcome.text} (${end.body.outcome.result})`);
  return played;
}

async function checkAnalysis() {
  await page.selectOption('#variant', 'gothic');
  await page.selectOption('#side', 'white');
  const previous = (await state()).game;
  await page.click('#newgame');
  await waitFor((s) => s.game > previous && s.plies === 0, 'a new gothic game');
  await page.check('#analyse');
  await page.selectOption('#multipv', '3');
  await page.waitForFunction(
    () => document.querySelectorAll('#lines .line').length === 3 &&
      /d([5-9]|\d\d)/.test(document.querySelector('#lines .line .meta').textContent),
    null, { timeout: 30000 });
  const lines = await page.locator('#lines .line').allTextContents();
  for (const line of lines) assert.match(line, /^[+-]\d+\.\d\d|^#/, `a score leads each line: ${line}`);
  const bar = await page.evaluate(() => document.getElementById('evalfill').style.height);
  assert.ok(bar !== '' && bar !== '50%', `the evaluation bar moved: ${bar}`);
  // Step into the first line: the board shows the position after its second move (the
  // lines change as the search goes on, so the moves are read from the line view).
  await page.locator('#lines .line').first().locator('.mv').nth(1).click();
  await page.waitForFunction(() => document.getElementById('line-ply').textContent.startsWith('after'));
  const shown = async () => (await page.locator('#line-ply').textContent()).replace('after ', '').split(' ');
  const two = await shown();
  assert.equal(two.length, 2, `two moves into the line: ${two}`);
  const expected = await rules('gothic', '', two);
  await waitFor((s) => s.fen === expected.body.fen, 'the line stepped to its second move');
  await page.click('#line-prev');
  const one = await rules('gothic', '', two.slice(0, 1));
  await waitFor((s) => s.fen === one.body.fen, 'the line stepped back');
  await page.click('#line-next');
  await waitFor((s) => s.fen === expected.body.fen, 'the line stepped forward');
  await screenshot('analysis');
  await page.click('#line-close');
  // A move on the board in analysis restarts the search on the new position.
  await page.uncheck('#analyse');
  console.log(`analysis: ${lines.length} lines, e.g. ${lines[0].slice(0, 60)}`);
}

async function checkBadInput() {
  const before = await waitFor((s) => s.status.endsWith('your move'), 'the game after analysis');
  await page.fill('#fen', 'rnbqkbnr/pppppppp/8/8 w KQkq - 0 1');
  await page.click('#fen-load');
  let s = await waitFor((s) => s.message !== '', 'a message about the bad FEN');
  assert.match(s.message, /^Not a gothic FEN: 4 ranks, expected 8\./);
  assert.equal(s.plies, before.plies, 'a bad FEN changes nothing');
  assert.equal(s.pieces, before.pieces, 'a bad FEN changes nothing');
  assert.equal(s.status, before.status, 'a bad FEN changes nothing');
  await page.fill('#pgn', '[Variant "gothic"]\n\n1. e2e4 e7e5 2. a2a5 *');
  await page.click('#pgn-import');
  s = await waitFor((s) => s.message.startsWith('Move 3'), 'a message about the bad PGN');
  assert.match(s.message, /Move 3 is refused: illegal move 'a2a5'/);
  assert.equal(s.plies, before.plies, 'a bad PGN changes nothing');
  // A good FEN sets the position up.
  const fen = 'r4k4/10/10/10/10/10/10/R4K4 w - - 0 1';
  await page.fill('#fen', fen);
  await page.click('#fen-load');
  s = await waitFor((s) => s.fen === fen, 'the FEN set up');
  console.log('bad input: refused with a message, nothing changed');
}

// The engines this test's server started: children of ENGINE_PARENT named ekumen.
function enginePids() {
  const parent = process.env.ENGINE_PARENT;
  if (!parent) return [];
  const pids = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8').trim();
      const [, comm, rest] = stat.match(/^\d+ \((.*)\) (.*)$/);
      if (comm === 'ekumen' && rest.split(' ')[1] === parent) pids.push(Number(entry));
    } catch {
      /* the process ended meanwhile */
    }
  }
  return pids;
}

// Clock, take back, flip, PGN export, and an engine that dies mid-game.
async function checkControls() {
  await page.selectOption('#variant', 'chess');
  await page.selectOption('#side', 'white');
  await page.selectOption('#clock', '60+1');
  const previous = (await state()).game;
  await page.click('#newgame');
  let s = await waitFor((s) => s.game > previous && s.plies === 0, 'a new chess game');
  const clocks = async () => [await page.textContent('#clock-top'), await page.textContent('#clock-bottom')];
  assert.deepEqual(await clocks(), ['Black 1:00', 'White 1:00']);
  const seconds = (text) => {
    const [, m, sec] = text.match(/(\d+):(\d\d)$/);
    return 60 * Number(m) + Number(sec);
  };
  for (const [from, to] of [['e2', 'e4'], ['g1', 'f3']]) {
    const game = (await rules('chess', '', s.moves)).body;
    await makeMove(game.moves.find((m) => m.from === from && m.to === to), game, 'white', false);
    // While the engine thinks, its clock runs and White's stands.
    await page.waitForSelector('#clock-top.running', { timeout: 5000 }).catch(() => {});
    const thinking = await state();
    if (thinking.plies === game.played.length + 1) {
      assert.ok(await page.isVisible('#clock-top.running'), 'the engine\'s clock runs while it thinks');
      assert.ok(!(await page.isVisible('#clock-bottom.running')), 'White\'s clock stands');
    }
    s = await waitFor((s) => s.plies === game.played.length + 2, 'the engine to answer on the clock', 60000);
  }
  const [black, white] = await clocks();
  // Each side got a second back per move: at most 1:02, and White spent little.
  assert.ok(seconds(white) <= 62 && seconds(white) >= 50, `White's clock: ${white}`);
  assert.ok(seconds(black) <= 62 && seconds(black) > 0, `the engine's clock: ${black}`);
  // Take back: the engine's reply and the user's move go.
  await page.click('#takeback');
  s = await waitFor((s) => s.plies === 2, 'the take-back');
  const back = await rules('chess', '', s.moves);
  assert.equal(s.fen, back.body.fen);
  assert.equal(s.turn, 'white');
  await page.click('#flip');
  await page.waitForSelector('#board.orientation-black');
  await page.click('#flip');
  await page.waitForSelector('#board.orientation-white');
  await page.click('#pgn-export');
  await page.waitForFunction(() => document.getElementById('pgn').value.includes('[Variant "chess"]'));
  const pgn = await page.inputValue('#pgn');
  assert.ok(pgn.includes(`1. ${s.moves[0]} ${s.moves[1]}`), pgn);

  const engines = enginePids();
  if (engines.length === 0) {
    console.log('engine death: not checked (no engine of ENGINE_PARENT found)');
  } else {
    for (const pid of engines) process.kill(pid, 'SIGKILL');
    await page.waitForSelector('#restart:not([hidden])');
    const text = await page.textContent('#engine-state');
    assert.match(text, /^The engine stopped \(signal: 9/, text);
    await page.click('#restart');
    await waitFor((s) => s.engine === 'ready', 'the restarted engine');
    // The game goes on with the new engine.
    const game = (await rules('chess', '', s.moves)).body;
    await makeMove(game.moves.find((m) => m.uci === 'd2d4') || game.moves[0], game, 'white', false);
    await waitFor((s) => s.plies === game.played.length + 2, 'the restarted engine to move');
    console.log('engine death: reported, restarted, the game went on');
  }
  await page.selectOption('#clock', 'none');
  console.log('controls: clock, take back, flip, PGN export');
}

try {
  await page.goto(url);
  await waitFor((s) => s.engine === 'ready' && s.fen !== '', 'the engine and the board');
  for (const game of GAMES) await playGame(game);
  await checkControls();
  await checkAnalysis();
  await checkBadInput();
  // A phone-sized screen: the board fits the width.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.selectOption('#variant', 'shinobi');
  await page.click('#newgame');
  await page.waitForTimeout(500);
  const box = await page.locator('cg-board').boundingBox();
  assert.ok(box.width <= 390 && box.width > 300, `the board fits a phone: ${box.width}px`);
  await screenshot('phone');
  assert.deepEqual(errors, [], 'no script errors and nothing fetched from elsewhere');
  console.log('browser test passed');
} catch (e) {
  await page.screenshot({ path: `${shots}/failure.png` }).catch(() => {});
  console.error(e.stack || e.message);
  process.exitCode = 1;
} finally {
  await browser.close();
}

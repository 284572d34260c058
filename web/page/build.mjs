// Builds the page into dist/: the bundle (esbuild), its stylesheet with the chess piece
// set renamed to chessgroundx's roles, index.html and the licence.
import { build } from 'esbuild';
import { mkdirSync, readFileSync, writeFileSync, copyFileSync } from 'node:fs';

const dist = new URL('./dist/', import.meta.url);
mkdirSync(dist, { recursive: true });

await build({
  entryPoints: ['src/main.js'],
  bundle: true,
  minify: true,
  format: 'esm',
  target: ['es2020'],
  outfile: 'dist/app.js',
  legalComments: 'none',
});

const cg = 'node_modules/chessgroundx/assets/';
const roles = { pawn: 'p', knight: 'n', bishop: 'b', rook: 'r', queen: 'q', king: 'k' };
// Lichess's class names (".pawn.white") become chessgroundx's (".p-piece.white"), and
// apply only on boards that use the chess set.
const chessSet = readFileSync(cg + 'chessground.cburnett.css', 'utf8').replace(
  /\.cg-wrap piece\.(pawn|knight|bishop|rook|queen|king)\.(white|black)/g,
  (_, role, color) => `.chess-set piece.${roles[role]}-piece.${color}`,
);
const css = [
  readFileSync(cg + 'chessground.base.css', 'utf8'),
  chessSet,
  readFileSync('src/style.css', 'utf8'),
].join('\n');
writeFileSync('dist/app.css', css);
copyFileSync('src/index.html', 'dist/index.html');
copyFileSync('../LICENSE', 'dist/LICENSE.txt');
console.log('built web/page/dist');

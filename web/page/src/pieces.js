// Piece images. The six chess pieces are Colin M.L. Burnett's set (shipped with
// chessgroundx, see LICENSE); every other piece, and every piece of gethenian, is drawn
// here as a disc with its FEN letter: promoted and flipped forms get a red ring and a
// "+", the coherent knight a double ring.

const CHESS = { p: 'pawn', n: 'knight', b: 'bishop', r: 'rook', q: 'queen', k: 'king' };

function disc(letter, color, { promoted = false, double = false } = {}) {
  const fill = color === 'white' ? '#fdfcf7' : '#2b2b2b';
  const ink = color === 'white' ? '#1a1a1a' : '#f5f5f5';
  const ring = promoted ? '#c0392b' : ink;
  const text = (promoted ? '+' : '') + letter.toUpperCase();
  const size = text.length > 1 ? 22 : 26;
  const inner = double
    ? `<circle cx="25" cy="25" r="16" fill="none" stroke="${ring}" stroke-width="1.5"/>`
    : '';
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 50 50">` +
    `<circle cx="25" cy="25" r="21" fill="${fill}" stroke="${ring}" stroke-width="${promoted ? 4 : 2.5}"/>` +
    inner +
    `<text x="25" y="26" font-family="Georgia, serif" font-weight="bold" font-size="${size}" ` +
    `fill="${promoted ? '#c0392b' : ink}" text-anchor="middle" dominant-baseline="central">${text}</text></svg>`;
  return `url("data:image/svg+xml;base64,${btoa(svg)}")`;
}

// The letters of each variant's pieces that are not drawn with the chess set.
const OWN = {
  chess: [],
  gothic: ['c', 'a'],
  shinobi: ['c', 'd', 'j', 'l', 'h', 'm', 'pp', 'pl', 'ph', 'pm'],
  coherent: ['n'],
  gethenian: ['k', 'b', 'i', 'n', 'm', 'pk', 'pb', 'pi', 'pn', 'pm'],
};

// CSS rules for the pieces of `variant`, scoped to the board's wrapper class.
export function pieceCss(variant) {
  const rules = [];
  for (const color of ['white', 'black']) {
    for (const role of OWN[variant] || []) {
      const promoted = role.length > 1;
      const letter = promoted ? role[1] : role;
      const image = disc(letter, color, { promoted, double: variant === 'coherent' && role === 'n' });
      rules.push(`.variant-${variant} piece.${role}-piece.${color} { background-image: ${image}; }`);
    }
  }
  return rules.join('\n');
}

export function usesChessSet(variant) {
  return variant !== 'gethenian';
}

export { CHESS };

// Halli-Galli-Extreem cards drawn in SVG: four fruits (counts 1–5), mixed cards, the
// monkey, the elephant, the pig, and the two editions' backs. No image files. Also the
// cards in words ("3 Bananen", "Erdbeere + Pflaume"), so no page shows a card's code.
import { t } from "../i18n.js";

const FRUIT_ORDER = "BSLP";

const FRUIT = {
  // Each drawn around (0, 0) inside roughly a 36 × 36 box.
  B: `<path d="M-15 2 C-10 15 10 14 16 -12 C15 -13 13 -13 12 -12 C7 2 -4 8 -14 -2 Z" fill="#f4d03f" stroke="#9a7b12" stroke-width="1.6" stroke-linejoin="round"/>
      <path d="M12 -12 l3 -4" stroke="#5b4a0e" stroke-width="2.5" stroke-linecap="round"/>
      <path d="M-15 2 l-2 1" stroke="#5b4a0e" stroke-width="2.5" stroke-linecap="round"/>`,
  S: `<path d="M0 15 C-14 6 -15 -6 -9 -9 C-4 -11 4 -11 9 -9 C15 -6 14 6 0 15 Z" fill="#e0323c" stroke="#8e1620" stroke-width="1.4"/>
      <path d="M-9 -9 L-3 -10 L0 -15 L3 -10 L9 -9 L3 -6 L0 -8 L-3 -6 Z" fill="#3e9b3a" stroke="#22631f" stroke-width="1"/>
      <g fill="#ffe9a8"><ellipse cx="-5" cy="-2" rx="1" ry="1.5"/><ellipse cx="4" cy="-3" rx="1" ry="1.5"/><ellipse cx="-1" cy="4" rx="1" ry="1.5"/><ellipse cx="6" cy="4" rx="1" ry="1.5"/><ellipse cx="-7" cy="5" rx="1" ry="1.5"/><ellipse cx="1" cy="10" rx="1" ry="1.5"/></g>`,
  L: `<circle r="14" fill="#6fb83a" stroke="#356b17" stroke-width="1.6"/>
      <circle r="10.5" fill="#d4efa4"/>
      <g stroke="#8cc65a" stroke-width="1.4"><path d="M0 -10 V10 M-10 0 H10 M-7 -7 L7 7 M-7 7 L7 -7"/></g>
      <circle r="2" fill="#eef9d8"/>`,
  P: `<ellipse cy="2" rx="12.5" ry="13.5" fill="#6c3483" stroke="#3d1a4d" stroke-width="1.6"/>
      <path d="M0 -11 C-2 -3 -2 8 0 15" stroke="#4a2160" stroke-width="1.2" fill="none"/>
      <ellipse cx="-5" cy="-3" rx="2.5" ry="5" fill="#b58bc9" opacity=".7"/>
      <path d="M0 -11 C1 -15 3 -17 6 -18" stroke="#5b4a0e" stroke-width="2" fill="none" stroke-linecap="round"/>`,
};

const SPOTS = {
  1: [[50, 70]],
  2: [[50, 42], [50, 98]],
  3: [[50, 32], [50, 70], [50, 108]],
  4: [[29, 42], [71, 42], [29, 98], [71, 98]],
  5: [[28, 34], [72, 34], [50, 70], [28, 106], [72, 106]],
};

const ANIMALS = {
  PIG: `<g transform="translate(50 72)">
      <path d="M-24 -22 L-30 -40 L-12 -30 Z M24 -22 L30 -40 L12 -30 Z" fill="#f19cb0" stroke="#b85a74" stroke-width="2" stroke-linejoin="round"/>
      <circle r="30" fill="#f7b6c6" stroke="#b85a74" stroke-width="2"/>
      <circle cx="-11" cy="-9" r="3.5" fill="#2a1a1f"/><circle cx="11" cy="-9" r="3.5" fill="#2a1a1f"/>
      <ellipse cy="9" rx="14" ry="10" fill="#ee8fa7" stroke="#b85a74" stroke-width="2"/>
      <ellipse cx="-5" cy="9" rx="2.5" ry="4" fill="#7a2c44"/><ellipse cx="5" cy="9" rx="2.5" ry="4" fill="#7a2c44"/></g>`,
  MONKEY: `<g transform="translate(50 72)">
      <circle cx="-29" cy="-2" r="10" fill="#8b5a2b" stroke="#4e3015" stroke-width="2"/><circle cx="29" cy="-2" r="10" fill="#8b5a2b" stroke="#4e3015" stroke-width="2"/>
      <circle cx="-29" cy="-2" r="5" fill="#e2b98c"/><circle cx="29" cy="-2" r="5" fill="#e2b98c"/>
      <circle r="27" fill="#8b5a2b" stroke="#4e3015" stroke-width="2"/>
      <path d="M-18 -4 C-18 -20 -2 -20 0 -10 C2 -20 18 -20 18 -4 C18 16 10 22 0 22 C-10 22 -18 16 -18 -4 Z" fill="#e2b98c"/>
      <circle cx="-8" cy="-6" r="3.2" fill="#21140a"/><circle cx="8" cy="-6" r="3.2" fill="#21140a"/>
      <circle cx="-3" cy="4" r="1.5" fill="#4e3015"/><circle cx="3" cy="4" r="1.5" fill="#4e3015"/>
      <path d="M-8 11 Q0 18 8 11" stroke="#4e3015" stroke-width="2.2" fill="none" stroke-linecap="round"/></g>`,
  ELEPHANT: `<g transform="translate(50 66)">
      <ellipse cx="-25" cy="-2" rx="17" ry="22" fill="#a3a8b3" stroke="#5d626c" stroke-width="2"/><ellipse cx="25" cy="-2" rx="17" ry="22" fill="#a3a8b3" stroke="#5d626c" stroke-width="2"/>
      <circle r="22" fill="#b9bec8" stroke="#5d626c" stroke-width="2"/>
      <circle cx="-8" cy="-6" r="3" fill="#23262c"/><circle cx="8" cy="-6" r="3" fill="#23262c"/>
      <path d="M-6 8 C-6 24 -4 36 6 42 C10 44 12 40 9 38 C3 33 6 22 6 8 Z" fill="#b9bec8" stroke="#5d626c" stroke-width="2"/>
      <path d="M-9 12 C-13 18 -16 19 -19 18 M9 12 C13 18 16 19 19 18" stroke="#f7f3e6" stroke-width="3.5" fill="none" stroke-linecap="round"/></g>`,
};

const ANIMAL_WORD = { PIG: "hg.pig", MONKEY: "hg.monkey", ELEPHANT: "hg.elephant" };

/** "1 Banane", "4 Bananen": a count of one fruit in the chosen language. */
export function fruitCount(letter, n) {
  return `${n} ${t(`hg.${n === 1 ? "one" : "many"}.${letter}`)}`;
}

/** A card in words: "3 Bananen", "Erdbeere + Pflaume", "Affe". */
export function cardWords(name) {
  if (ANIMAL_WORD[name]) return t(ANIMAL_WORD[name]);
  const card = parseCard(name);
  if (!card) return t("hg.faceUp");
  if (card.fruits.length === 1) return fruitCount(...card.fruits[0]);
  return card.fruits.map(([letter]) => t(`hg.one.${letter}`)).join(" + ");
}

/** What the given top cards show: fruit totals by letter and animals by name. */
export function tally(names) {
  const fruits = { B: 0, S: 0, L: 0, P: 0 };
  const animals = { PIG: 0, MONKEY: 0, ELEPHANT: 0 };
  for (const name of names) {
    if (name in animals) animals[name] += 1;
    const card = parseCard(name);
    if (card) for (const [letter, count] of card.fruits) fruits[letter] += count;
  }
  return { fruits, animals };
}

function fruitAt(letter, x, y, scale = 1) {
  return `<g transform="translate(${x} ${y}) scale(${scale})">${FRUIT[letter]}</g>`;
}

// The fruits on a card: [[letter, count], ...]; null for animals or unknown names.
export function parseCard(name) {
  const one = /^([1-5])([BSLP])(x?)$/.exec(name || "");
  if (one) return { fruits: [[one[2], Number(one[1])]], extreme: one[3] === "x" };
  if (/^[BSLP]{2,3}$/.test(name || "")) return { fruits: [...name].map((l) => [l, 1]), extreme: true };
  return null;
}

const capital = (word) => word.charAt(0).toUpperCase() + word.slice(1);

function face(name) {
  if (ANIMALS[name]) {
    return `${ANIMALS[name]}<text x="50" y="128" text-anchor="middle" font-size="11" font-weight="700" fill="#6b5b4a" letter-spacing="1">${capital(t(ANIMAL_WORD[name]))}</text>`;
  }
  const card = parseCard(name);
  if (!card) return "";
  if (card.fruits.length === 1) {
    const [letter, count] = card.fruits[0];
    const scale = count === 1 ? 1.7 : count >= 4 ? 0.95 : 1.05;
    return SPOTS[count].map(([x, y]) => fruitAt(letter, x, y, scale)).join("");
  }
  return card.fruits.map(([letter], i) => fruitAt(letter, SPOTS[card.fruits.length][i][0], SPOTS[card.fruits.length][i][1], 1.05)).join("");
}

// A face-up card as an SVG string. `name` comes from the server's view (e.g. "3B", "BLP").
export function cardSvg(name) {
  const card = parseCard(name);
  const extreme = card ? card.extreme : true;
  const frame = extreme ? "#c0392b" : "#2f6b45";
  const safeLabel = cardWords(name).replace(/[^\w +,.\-()äöüÄÖÜß]/g, "");
  return `<svg class="hg-card-svg" viewBox="0 0 100 140" role="img" aria-label="${safeLabel}">
    <rect x="1.5" y="1.5" width="97" height="137" rx="9" fill="#fffdf6" stroke="${frame}" stroke-width="3"/>
    <rect x="6" y="6" width="88" height="128" rx="6" fill="none" stroke="${frame}" stroke-opacity=".25" stroke-width="1"/>
    ${face(name)}</svg>`;
}

// A face-down card: the backs of the two editions differ (the appendix's expert hint).
export function backSvg(edition) {
  const colour = edition === "classic" ? "#2f6b45" : edition === "extreme" ? "#a93226" : "#5c5c5c";
  const label = t(edition === "classic" ? "hg.backClassic" : edition === "extreme" ? "hg.backExtreme" : "hg.drawPile");
  return `<svg class="hg-card-svg" viewBox="0 0 100 140" role="img" aria-label="${label}">
    <rect x="1.5" y="1.5" width="97" height="137" rx="9" fill="${colour}" stroke="#1d1d1d" stroke-opacity=".35" stroke-width="3"/>
    <rect x="9" y="9" width="82" height="122" rx="6" fill="none" stroke="#fff" stroke-opacity=".5" stroke-width="2" stroke-dasharray="4 3"/>
    <circle cx="50" cy="70" r="22" fill="#fff" fill-opacity=".18"/>
    <text x="50" y="77" text-anchor="middle" font-size="20" font-weight="800" fill="#fff" fill-opacity=".85">HG</text></svg>`;
}

export function emptySvg() {
  return `<svg class="hg-card-svg" viewBox="0 0 100 140" aria-hidden="true">
    <rect x="3" y="3" width="94" height="134" rx="9" fill="none" stroke="#b9b09b" stroke-width="2" stroke-dasharray="6 5"/></svg>`;
}

export function bellSvg() {
  return `<svg class="hg-bell-svg" viewBox="0 0 120 120" aria-hidden="true">
    <ellipse cx="60" cy="98" rx="50" ry="12" fill="#3b3b3b"/>
    <ellipse cx="60" cy="94" rx="50" ry="12" fill="#5a5a5a"/>
    <path d="M14 92 C14 50 32 26 60 26 C88 26 106 50 106 92 Z" fill="url(#hgGold)" stroke="#8a6a12" stroke-width="2.5"/>
    <rect x="52" y="12" width="16" height="16" rx="4" fill="#c9a227" stroke="#8a6a12" stroke-width="2"/>
    <path d="M34 52 C38 40 46 34 54 32" stroke="#fff6c8" stroke-width="5" fill="none" stroke-linecap="round" opacity=".8"/>
    <defs><linearGradient id="hgGold" x1="0" x2="1"><stop offset="0" stop-color="#f7d55c"/><stop offset=".55" stop-color="#e0b22e"/><stop offset="1" stop-color="#a9800f"/></linearGradient></defs>
  </svg>`;
}

export const FRUIT_LETTERS = FRUIT_ORDER;

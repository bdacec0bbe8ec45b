import type { Random } from './random.js';

const words = (
  'the a and to of in is it for on with this that at by from just my our your new today week ' +
  'love great idea project team code coffee music travel city park weekend morning night book ' +
  'film photo garden river mountain friends family launch release update learned thinking about ' +
  'really finally again always never maybe working building reading writing running cooking ' +
  'shipped tested fixed broke tried started finished planned remember happy tired excited ' +
  'open source community design sunset rain snow summer winter spring autumn question answer'
).split(' ');

export const firstNames = [
  'Ada',
  'Alan',
  'Grace',
  'Linus',
  'Margaret',
  'Ken',
  'Barbara',
  'Dennis',
  'Frances',
  'Edsger',
  'Radia',
  'Tim',
  'Hedy',
  'Donald',
  'Katherine',
  'John',
];
export const lastNames = [
  'Lovelace',
  'Turing',
  'Hopper',
  'Torvalds',
  'Hamilton',
  'Thompson',
  'Liskov',
  'Ritchie',
  'Allen',
  'Dijkstra',
  'Perlman',
  'Berners-Lee',
  'Lamarr',
  'Knuth',
  'Johnson',
  'McCarthy',
];
export const cities = [
  'Lisbon',
  'Nairobi',
  'Osaka',
  'Lima',
  'Tallinn',
  'Montreal',
  'Pune',
  'Cape Town',
  'Oslo',
  'Austin',
  '',
];

/** A sentence-like text of roughly `minLength`..`maxLength` characters. */
export function randomText(random: Random, minLength: number, maxLength: number): string {
  const target = Math.floor(random.between(minLength, maxLength));
  let text = random.pick(words);
  text = text[0]!.toUpperCase() + text.slice(1);
  while (text.length < target) text += ` ${random.pick(words)}`;
  return `${text}.`;
}

/** The tags posts carry (a few are very common, most are rare). */
export const tagWords = (
  'sync opensource coffee music travel photography running books cooking garden design typescript ' +
  'sqlite postgres weekend sunset hiking cycling jazz film art science space climate football ' +
  'chess gaming podcast writing'
).split(' ');

/** A word in a few posts only: the rare-word search. */
export const rareWord = 'zyzzyva';

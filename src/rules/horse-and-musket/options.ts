/** The settings a horse-and-musket game is set up with; their defaults are filled in by setup.ts. */

import type { OptionDef } from '../../core/ruleset';
import { ARMY_LISTS, ARMY_LIST_IDS } from './armies';
import { ALLIED_TURN_ORDERS, PLAYER_MODES } from './seats';

function choice(id: string, label: string, help: string, choices: [value: string, label: string][]): OptionDef {
  return { id, label, help, kind: 'choice', default: choices[0]![0], choices: choices.map(([value, text]) => ({ value, label: text })) };
}

const LISTS: [string, string][] = ARMY_LIST_IDS.map((id) => [id, `${ARMY_LISTS[id].name} (${ARMY_LISTS[id].period})`]);
/** The first army's list first, so each army's default is its own. */
const listsFrom = (first: string): [string, string][] => [LISTS.find(([id]) => id === first)!, ...LISTS.filter(([id]) => id !== first)];
const SIDES: [string, string][] = [
  ['none', 'None'],
  ['a', 'First army'],
  ['b', 'Second army'],
  ['both', 'Both armies'],
];

export const HM_OPTIONS: OptionDef[] = [
  choice('armyA', 'First army', 'Army list of the first side (B §9.4).', listsFrom('prussia-supremacy')),
  choice('armyB', 'Second army', 'Army list of the second side (B §9.4).', listsFrom('austria')),
  { id: 'points', label: 'Points', help: 'Points total for each army before national modifiers (160 gives about a two-hour battle).', kind: 'number', default: 160, min: 80, max: 600 },
  { id: 'turnLimit', label: 'Player turns', help: 'The battle is judged after this many player turns if no army has broken (0: no limit).', kind: 'number', default: 40, min: 0, max: 200 },
  choice('sight', 'Sight', "How sight is decided: from the real ground, woods and buildings, or by the book's levels and rules of thumb.", [
    ['computed', 'Computed from the ground'],
    ['levels', "The book's levels"],
  ]),
  choice('breakRule', 'Army break', 'When an army quits: more than half its infantry gone (B §8.1), or 40% of all its units (A §25).', [
    ['half-infantry', 'More than half the infantry'],
    ['forty-percent-all', '40% of all units'],
  ]),
  choice('measuring', 'Measuring', 'The book forbids measuring before an order is given (A §11.10): with "after declaring", Attacks may be declared on targets that prove out of reach, and then only the attacker\'s result counts.', [
    ['free', 'The program measures for you'],
    ['after-declaring', 'Only after declaring (the book)'],
  ]),
  choice('resolveChoices', 'Resolve choices', 'Who takes the ± choices of a Resolve test (cover +1 or −3, an attached General ±1, Austrians ±1) once both throws are seen, and the wheel and facing of a Retire result: the players, attacker first (A30), or the program for the best result.', [
    ['players', 'The players choose'],
    ['automatic', 'The program chooses the best'],
  ]),
  { id: 'unpreparedSwap', label: 'Swap Chart E', help: 'Swap Stand and Break & Run on the Unprepared Cavalry chart (A3).', kind: 'boolean', default: false },
  { id: 'hiddenMovement', label: 'Hidden movement', help: 'Units no enemy unit, battery or General can see are shown to him as numbered counters, each with a decoy that moves up to 12" a turn; a counter is revealed when an enemy sees it, a decoy when an enemy comes within 3" (C §9).', kind: 'boolean', default: false, secret: true },
  choice('skirmishersFormed', 'Skirmishers as formed troops', 'Which side fields its skirmishers as Poorly Trained infantry and light cavalry for the battle (B §1.4).', SIDES),
  choice('flankMarch', 'Flank march', 'Which side sends part of its army (its cavalry wing nearest a rolled flank, or 2-3 battalions) on a flank march, arriving on the near half of that flank from the 2nd Joker (B §7).', SIDES),
  choice('reinforcements', 'Reinforcements', 'Which side holds its second-line battalions back as reinforcements, arriving on its own baseline from the 1st Joker (B §7).', SIDES),
  choice('tableSide', 'Sides of the table', "Which long edge each army sets up along: the initiative winner rolls for it once he has chosen to attack or defend (B §6.1 step 3: 1-3 the near edge, 4-6 the far one), or the first army always takes the near edge.", [
    ['rolled', 'Rolled by the initiative winner (the book)'],
    ['fixed', 'First army on the near edge'],
  ]),
  choice('deployment', 'Deployment', 'Who sets up the armies and how: the players, by the compulsory deployment and then secret map plans (5A) or by placing groups of 1-3 units in turn in the open (5B) (B §6.2-6.3; each side can still ask the program to place for it), or the program for both sides at once.', [
    ['players', 'The players: map plans (5A)'],
    ['alternate', 'The players: alternate placement (5B)'],
    ['automatic', 'The program for both sides'],
  ]),
  choice('players', 'Players', 'More than two players (A §8.3): a subordinate General takes the largest Command of his army, is passed its unit and General cards, and plays them before his Commander-in-chief; or two allied Commanders-in-chief share a side, each with his own army (bought with half the points) and his own cards.', PLAYER_MODES.map(([v, l]) => [v, l])),
  choice('alliedTurns', 'Allied turn order', 'With allied Commanders-in-chief (A §8.3): every player of one side takes his turn, then every player of the other; or one player of each side in turn.', ALLIED_TURN_ORDERS.map(([v, l]) => [v, l])),
  choice('allyA', "First side's ally", "The army list of the first side's allied Commander-in-chief (A §8.3).", [['same', 'The same list as the first army'], ...LISTS]),
  choice('allyB', "Second side's ally", "The army list of the second side's allied Commander-in-chief (A §8.3).", [['same', 'The same list as the second army'], ...LISTS]),
];

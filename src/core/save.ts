/**
 * The versioned save format. A save holds the setup and the action log, plus the state hash it
 * must replay to: loading replays the log, so a save can never smuggle in an impossible position,
 * and a file that was edited or cut short is caught by the hash.
 */

import { z } from 'zod';
import type { GameSetup, LogEntry } from './model';

export const SAVE_FORMAT = 'tricorne-save';
export const SAVE_VERSION = 1;

const actionSchema = z.looseObject({ type: z.string().min(1), side: z.string().min(1) });

const setupSchema = z.object({
  rulesetId: z.string().min(1),
  seed: z.string(),
  options: z.record(z.string(), z.unknown()).optional(),
  scenario: z.string().optional(),
  dice: z.union([z.literal('seeded'), z.literal('manual'), z.object({ scripted: z.array(z.number().int()) })]).optional(),
  // Imported ground: its shape here, its sizes and heights checked when the game is set up.
  elevation: z
    .object({
      name: z.string(),
      cols: z.number().int(),
      rows: z.number().int(),
      cellSize: z.number(),
      heights: z.array(z.number()),
      verticalScale: z.number().optional(),
    })
    .optional(),
  armies: z
    .record(
      z.string(),
      z.object({
        list: z.string().min(1),
        picks: z.array(
          z.object({
            item: z.string().min(1),
            count: z.number().int(),
            stands: z.number().int().optional(),
            status: z.string().min(1).optional(),
            arrival: z.string().min(1).optional(),
            arrivalTurn: z.number().int().optional(),
          }),
        ),
      }),
    )
    .optional(),
});

export const saveSchema = z.object({
  format: z.literal(SAVE_FORMAT),
  version: z.literal(SAVE_VERSION),
  savedAt: z.string(),
  name: z.string().optional(),
  setup: setupSchema,
  log: z.array(
    z.object({
      seq: z.number().int().positive(),
      action: actionSchema,
      entered: z.array(z.number().int()).optional(),
    }),
  ),
  stateHash: z.string().regex(/^[0-9a-f]{16}$/),
  rulesEdition: z.number().int().positive().optional(),
});

export interface SaveFile {
  format: typeof SAVE_FORMAT;
  version: typeof SAVE_VERSION;
  savedAt: string;
  name?: string;
  setup: GameSetup;
  log: LogEntry[];
  stateHash: string;
  /** The ruleset's rulesEdition when saved; absent in saves from before editions (edition 1). */
  rulesEdition?: number;
}

export class SaveError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SaveError';
  }
}

/** Parse and validate a save file's text. Throws SaveError with a message that says what is wrong. */
export function parseSave(text: string): SaveFile {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    throw new SaveError(`the file is not a Tricorne save: it is not valid JSON (${(e as Error).message})`);
  }
  if (raw && typeof raw === 'object' && 'format' in raw && (raw as { format: unknown }).format === SAVE_FORMAT) {
    const v = (raw as { version?: unknown }).version;
    if (v !== SAVE_VERSION) throw new SaveError(`this save is format version ${String(v)}; this Tricorne reads version ${SAVE_VERSION}`);
  }
  const parsed = saveSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.length ? issue.path.join('.') : 'the file';
    throw new SaveError(`the save file is damaged: ${where}: ${issue.message}`);
  }
  const save = parsed.data as SaveFile;
  save.log.forEach((e, i) => {
    if (e.seq !== i + 1) throw new SaveError(`the save file is damaged: log entry ${i + 1} is numbered ${e.seq}`);
  });
  return save;
}

export function serialiseSave(save: SaveFile): string {
  return JSON.stringify(save, null, 1);
}

import { describe, expect, it } from 'vitest';
import type { Lane } from '../../data/types';
import { blocksFor } from './CategoryBlocks';

const lane = (gameType: string): Lane => ({ gameType, title: gameType, cards: [], gameClassify: [] });

describe('home blocks (spec §2)', () => {
  it('follow the spec order and only the categories that exist', () => {
    const lanes = ['INHOUSE', 'RNG', 'LIVE', 'FISH', 'SPORTS', 'PVP', 'COCKFIGHT', 'LOTT', 'ELOTT', 'ESPORTS'].map(lane);
    expect(blocksFor(lanes)).toEqual(['RECENT', 'HOT', 'FAV', 'RNG', 'LIVE', 'FISH', 'SPORTS', 'ESPORTS', 'PVP', 'COCKFIGHT', 'INHOUSE', 'LOTT']);
  });

  it('drop a category without vendors', () => {
    expect(blocksFor(['RNG', 'ELOTT'].map(lane))).toEqual(['RECENT', 'HOT', 'FAV', 'RNG', 'LOTT']);
    expect(blocksFor([lane('LIVE')])).toEqual(['RECENT', 'HOT', 'FAV', 'LIVE']);
  });
});

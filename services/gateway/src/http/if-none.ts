import type { Request, Response } from 'express';
import type { SessionLookupQuery, SettingLookupQuery } from '@pressroom/contracts';
import type { ProblemError } from '@pressroom/problem';
import { parseOrThrow } from './validate.js';

type IfNoneQuery = typeof SettingLookupQuery | typeof SessionLookupQuery;

/** Answers a GET's "none": with the route's usual refusal, or with the 200 body that says "none" under `?ifNone=empty`. */
export type NoneAnswer = (empty: object, refusal: () => ProblemError) => void;

/**
 * The one rule of `?ifNone` (docs/adr/0076-settings-not-set-answer.md) for a GET that may find none: reads the query
 * first, so a wrong value is a 400 whether or not one is found, and gives how to answer when there is none.
 */
export function noneAnswer(query: IfNoneQuery, req: Request, res: Response): NoneAnswer {
  const { ifNone } = parseOrThrow(query, req.query, 'query');
  return (empty, refusal) => {
    if (ifNone !== 'empty') throw refusal();
    res.json(empty);
  };
}

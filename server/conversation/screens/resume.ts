// A phone that dials again within 10 minutes of an unfinished journey may pick it up where it stopped.
import type { Screen } from '../types';
import { invalidChoice } from './helpers';

export const resume: Screen<'resume'> = {
  async render(ctx) {
    return {
      title: ctx.t('resume.title'),
      actions: [
        { key: '1', label: ctx.t('resume.continue') },
        { key: '2', label: ctx.t('resume.restart') },
      ],
      noNav: true,
    };
  },

  async handle(ctx, _state, { text }) {
    // With nothing left to continue (it expired meanwhile), Continue starts afresh too.
    if (text === '1') return { type: 'resume' };
    if (text === '2') return { type: 'enter', set: { dropJourney: true } };
    return invalidChoice(ctx);
  },
};

// The two limits a tester checks on every screen, as the server's renderer keeps them: at most 182
// characters, GSM-7's plain part only.
import { USSD_SCREEN_LIMIT, nonGsmCharacters } from '@server/lib/gsm-text';
import { screenLength } from '../ussd-text';

export function ScreenMeter({ screen }: { screen: string }) {
  const length = screenLength(screen);
  const over = length > USSD_SCREEN_LIMIT;
  const foreign = nonGsmCharacters(screen);
  return (
    <p className="ussd-meter">
      <span className={over ? 'ussd-meter__count ussd-meter__count--over' : 'ussd-meter__count'} data-testid="ussd-count">
        {length}/{USSD_SCREEN_LIMIT}
      </span>{' '}
      characters{over && ' (too long for one screen)'}
      {foreign.length > 0 && (
        <span className="ussd-meter__warning">
          {' '}
          Not GSM-7: {foreign.map((char) => (char === ' ' ? '(space)' : char)).join(' ')}
        </span>
      )}
    </p>
  );
}

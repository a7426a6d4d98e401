// The whole menu as a tree, read from the screens' table (server/conversation/screens/menu.ts):
// `npm run flows -- --map`. Each screen's choices are drawn under it the first time it appears;
// later it is named with "(above)", so the tree stays finite and every path from dialling shows.
import { translator } from '../server/conversation/i18n';
import { choiceLabel, isStep, MENU, STEPS, type Destination, type MenuChoice } from '../server/conversation/screens/menu';
import type { ScreenName } from '../server/conversation/types';

const t = translator('en');

/** One way out of a screen, as the map words it. */
export interface MapEdge {
  via: string;
  to: Destination;
}

function choiceWords(chosen: MenuChoice): string {
  const notes = [chosen.when, chosen.needsAccount && 'guests log in first'].filter(Boolean);
  return `${chosen.key} ${choiceLabel(chosen, t, { phone: '07xx...' })}${notes.length ? ` [${notes.join('; ')}]` : ''}`;
}

/** Every way out of a screen: its numbered choices, a chosen list row, typed words. */
export function edgesOf(name: ScreenName): MapEdge[] {
  const screen = MENU[name];
  return [
    ...(screen.choices ?? []).map((chosen) => ({ via: choiceWords(chosen), to: chosen.to })),
    ...(screen.rows ? [{ via: '(a list entry)', to: screen.rows }] : []),
    ...(screen.typed ? [{ via: '(typed words)', to: screen.typed }] : []),
  ];
}

/** Where a destination can end up: the screen itself, or each screen a shared step may lead to. */
export function screensOf(destination: Destination): ScreenName[] {
  return isStep(destination) ? [...STEPS[destination].leadsTo] : [destination];
}

/** Where each screen is first found going out from dialling, breadth first: it is drawn there, the shortest way in. */
function discoveries(): Map<ScreenName, string> {
  const foundAt = new Map<ScreenName, string>();
  const queue: ScreenName[] = [];
  const visit = (targets: ScreenName[], place: string) => {
    for (const target of targets) {
      if (foundAt.has(target)) continue;
      foundAt.set(target, place);
      queue.push(target);
    }
  };
  visit(screensOf('entry'), 'dial');
  while (queue.length) {
    const name = queue.shift()!;
    edgesOf(name).forEach((edge, index) => visit(screensOf(edge.to), `${name}#${index}`));
  }
  return foundAt;
}

/** The menu from dialling: each screen drawn once, where it is nearest to the dial; elsewhere named. */
export function menuMap(): string {
  const foundAt = discoveries();
  const lines: string[] = [];

  function draw(targets: ScreenName[], place: string, indent: string, lead: string): void {
    const here = targets.filter((target) => foundAt.get(target) === place);
    const words = targets.map((target) => (foundAt.get(target) === place ? MENU[target].title : `${MENU[target].title}*`));
    lines.push(`${lead}${words.join(' | ')}`.trimEnd());
    here.forEach((target, index) => {
      const last = index === here.length - 1;
      lines.push(`${indent}${last ? '└─' : '├─'} ${MENU[target].title}`);
      drawScreen(target, `${indent}${last ? '   ' : '│  '}`);
    });
  }

  function drawScreen(screen: ScreenName, indent: string): void {
    const edges = edgesOf(screen);
    edges.forEach((edge, index) => {
      const last = index === edges.length - 1;
      const step = isStep(edge.to) ? STEPS[edge.to] : undefined;
      const lead = `${indent}${last ? '└─' : '├─'} ${edge.via} ─ ${step ? `${step.title}${step.leadsTo.length ? ': ' : ''}` : ''}`;
      const targets = screensOf(edge.to);
      const childIndent = `${indent}${last ? '   ' : '│  '}`;
      if (!isStep(edge.to) && foundAt.get(edge.to) === `${screen}#${index}`) {
        lines.push(`${lead}${MENU[edge.to].title}`);
        drawScreen(edge.to, childIndent);
      } else if (!isStep(edge.to)) {
        lines.push(`${lead}${MENU[edge.to].title}*`);
      } else {
        draw(targets, `${screen}#${index}`, childIndent, lead);
      }
    });
  }

  lines.push('(* drawn in its own branch)');
  draw(screensOf('entry'), 'dial', '', 'dial ─ first screen: ');
  return lines.join('\n');
}

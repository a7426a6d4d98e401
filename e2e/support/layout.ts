// What a shopper on a 360-pixel phone would notice about a screen's layout, measured in the page:
// anything wider than the screen, a control the chat launcher or a toast sits on, a word cut in two.
import type { Page } from '@playwright/test';

/** Things that stick out past the screen's right or left edge (each "tag.class 386px"), none inside a box that scrolls or clips them. */
export async function sideways(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const clipped = (element: Element) => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX !== 'visible') return true;
      }
      return false;
    };
    const found: string[] = [];
    if (document.documentElement.scrollWidth > width) found.push(`page ${document.documentElement.scrollWidth}px`);
    for (const element of document.body.querySelectorAll('*')) {
      const box = element.getBoundingClientRect();
      if (!box.width || !box.height || (box.right <= width + 0.5 && box.left >= -0.5)) continue;
      if (getComputedStyle(element).position === 'fixed' || clipped(element)) continue;
      found.push(`${element.tagName.toLowerCase()}.${[...element.classList].join('.')} ${Math.round(box.right)}px`);
    }
    return found;
  });
}

/**
 * Controls the chat launcher covers even when the control is scrolled to the middle of the screen
 * (or as near it as the page goes): those a shopper cannot get out from under it.
 */
export async function underLauncher(page: Page): Promise<string[]> {
  // All controls in one pass inside the page: counting them first and visiting them one by one from
  // the test raced a toast leaving (the list shrank, and the last index waited until the time-out).
  return page.locator(CONTROLS).evaluateAll((controls) => {
    const launcher = document.querySelector('.chat-launcher');
    if (!launcher) return [];
    return controls.flatMap((control) => {
      if (launcher.contains(control) || control.closest('.chat-widget, [role=dialog]')) return [];
      if (!control.getBoundingClientRect().width) return [];
      control.scrollIntoView({ block: 'center', inline: 'nearest', behavior: 'instant' });
      const b = control.getBoundingClientRect();
      const l = launcher.getBoundingClientRect();
      const overlaps = b.left < l.right && b.right > l.left && b.top < l.bottom && b.bottom > l.top;
      return overlaps ? [control.textContent?.trim() || control.getAttribute('aria-label') || control.tagName] : [];
    });
  });
}

/** Buttons, button-like links and form fields: what a shopper taps. */
const CONTROLS = 'button:visible, a.btn:visible, [class*="btn-"]:visible, input:visible, select:visible, [role=button]:visible';

/** The given elements whose visible text (or, for a control, whose box) a visible toast lies over. */
export async function underToasts(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluateAll((elements) => {
    const toasts = [...document.querySelectorAll('.toast')].map((toast) => toast.getBoundingClientRect());
    // Only the part a shopper can see: a line scrolled out of a list's view (the cart drawer keeps the
    // tapped button in view as a toast pushes the list down) is clipped by the list, not covered.
    const visiblePart = (element: Element, box: DOMRect) => {
      let { left, top, right, bottom } = box;
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        const style = getComputedStyle(parent);
        if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
        const clip = parent.getBoundingClientRect();
        left = Math.max(left, clip.left);
        top = Math.max(top, clip.top);
        right = Math.min(right, clip.right);
        bottom = Math.min(bottom, clip.bottom);
      }
      return { left, top, right, bottom };
    };
    const covered = (element: Element, box: DOMRect) => {
      const b = visiblePart(element, box);
      if (b.right <= b.left || b.bottom <= b.top) return false;
      return toasts.some((t) => b.left < t.right && b.right > t.left && b.top < t.bottom && b.bottom > t.top);
    };
    return elements
      .filter((element) => {
        if (element.matches('button, .btn')) return covered(element, element.getBoundingClientRect());
        const text = document.createRange();
        text.selectNodeContents(element);
        return [...text.getClientRects()].some((rect) => covered(element, rect));
      })
      .map((element) => element.textContent?.trim() ?? '');
  });
}

/** Words of the given elements' text that the browser split over two lines ("Tomatoe" / "s"). */
export async function brokenWords(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluateAll((elements) => {
    const broken: string[] = [];
    for (const element of elements) {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const match of text.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const tops = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)));
          if (tops.size > 1) broken.push(match[0]);
        }
      }
    }
    return broken;
  });
}

/** What the chat launcher, if shown, lies over at the page's present scroll. */
function contentUnderLauncherNow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const launcher = document.querySelector<HTMLElement>('.chat-launcher');
    if (!launcher || getComputedStyle(launcher).visibility === 'hidden' || !launcher.getBoundingClientRect().width) return [];
    const l = launcher.getBoundingClientRect();
    const overlaps = (b: DOMRect) => b.width > 0 && b.height > 0 && b.left < l.right && b.right > l.left && b.top < l.bottom && b.bottom > l.top;
    const visible = (element: Element) => {
      const style = getComputedStyle(element);
      return style.visibility !== 'hidden' && style.display !== 'none' && !element.closest('[hidden], .visually-hidden, .chat-widget, dialog');
    };
    const hits: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!node.textContent?.trim() || !parent || launcher.contains(parent) || !visible(parent)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      if ([...range.getClientRects()].some(overlaps)) hits.push(node.textContent.trim().slice(0, 40));
    }
    for (const element of document.querySelectorAll('img, svg, button, input, select, textarea')) {
      if (launcher.contains(element) || !visible(element)) continue;
      if (overlaps(element.getBoundingClientRect())) hits.push(element.getAttribute('aria-label') || element.getAttribute('alt') || element.tagName.toLowerCase());
    }
    return hits;
  });
}

/**
 * Content (a line of text, a picture, a control) the shown chat launcher lies over, anywhere the shopper
 * scrolls the page: each "text @ scrollY". The launcher may step aside; if it is shown, nothing is under it.
 */
export async function contentUnderLauncher(page: Page): Promise<string[]> {
  const found: string[] = [];
  const height = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
  for (let y = 0; ; y = Math.min(y + 240, height)) {
    await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
    // Two frames: the page's own reaction to the scroll (the launcher stepping aside) comes in the next one.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    let here = await contentUnderLauncherNow(page);
    // On a busy machine the page's reaction may come a few frames late: asked again once before it counts.
    if (here.length) {
      await page.waitForTimeout(200);
      here = await contentUnderLauncherNow(page);
    }
    found.push(...here.map((hit) => `${hit} @ ${y}`));
    if (y >= height) break;
  }
  return found;
}

import { expect, type Locator, type Page } from '@playwright/test';

/** What has the focus, for failure messages: the tag, id and name of document.activeElement. */
export function focusedElement(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return 'the page itself (nothing focused)';
    const name = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? '';
    return `<${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}> ${name}`;
  });
}

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus, as a keyboard user gets to a control;
 * fails after `max` presses, listing where the focus went. It only presses keys: reaching the
 * control this way is part of what a test proves.
 */
export async function tabTo(page: Page, target: Locator, { max = 40, backwards = false } = {}): Promise<void> {
  const key = backwards ? 'Shift+Tab' : 'Tab';
  // Attached, not visible: some controls are drawn over a visually hidden input (the account type's radios).
  await expect(target).toBeAttached();
  const visited: string[] = [];
  for (let presses = 0; ; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    if (presses === max) break;
    await page.keyboard.press(key);
    visited.push(await focusedElement(page));
  }
  throw new Error(`${max} presses of ${key} did not reach ${target}; the focus went to:\n${visited.join('\n')}`);
}

/** Signs in on the login page with the keyboard: Tab to each field, type, Enter. */
export async function logInByKeyboard(page: Page, account: { email: string; password: string }): Promise<void> {
  await page.goto('/');
  await tabTo(page, page.getByLabel('Email'));
  await page.keyboard.type(account.email);
  await tabTo(page, page.getByLabel('Password', { exact: true }));
  await page.keyboard.type(account.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/dashboard$/);
}

/** Replaces what a focused text field holds, as a person does: select it all, then type. */
export async function retype(page: Page, text: string): Promise<void> {
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
}

/**
 * A field's error as assistive technology gets it: the field says it is invalid, and its
 * description (what aria-describedby points at) holds the message.
 */
export async function expectFieldError(field: Locator, message: string | RegExp): Promise<void> {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(typeof message === 'string' ? new RegExp(escape(message)) : message);
}

/** A field with nothing wrong: not marked invalid. */
export async function expectNoFieldError(field: Locator): Promise<void> {
  await expect(field).not.toHaveAttribute('aria-invalid', 'true');
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A toast with this text, in the live region it is announced by: "status" for outcomes (read
 * politely), "alert" for failures (read at once).
 */
export function toast(page: Page, role: 'status' | 'alert', text: string): Locator {
  return page.locator('.mantine-Notifications-root').getByRole(role).filter({ hasText: text });
}

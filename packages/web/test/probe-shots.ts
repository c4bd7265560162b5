import { launch } from './browser.ts';

const url = 'http://127.0.0.1:18731';
const browser = await launch();
const page = await browser.newPage();
page.on('pageerror', (e) => console.log('pageerror:', e.message));
await page.setViewportSize({ width: 1280, height: 720 });
await page.goto(`${url}/#/`);
await page.waitForSelector('select[data-seat] option[value="random"]', { state: 'attached' });
await page.getByLabel('Players').selectOption('2');
await page.waitForTimeout(300);
await page.getByRole('button', { name: 'Create match' }).click();
await page.waitForSelector('.created');
const id = await page.locator('.created').getAttribute('data-match');
await page.goto(`${url}/#/play/${id}/0`);
for (let i = 0; i < 4; i++) {
  await page.waitForFunction(
    () =>
      document.querySelectorAll('.prompt .choices button').length > 0 &&
      document.querySelector('.table')?.getAttribute('data-pending') === 'no',
  );
  const move = page.locator('.prompt .choices button[data-action=\'{"type":"move"}\']');
  if (await move.count()) {
    await move.click();
    await page.waitForTimeout(500);
    break;
  }
  await page.locator('.prompt .choices button').first().click();
  await page.waitForTimeout(400);
}
await page.locator('.prompt .choices button').first().hover();
await page.waitForTimeout(200);
await page.screenshot({ path: '/tmp/shots/move.png' });
await page.getByRole('button', { name: 'Rules' }).click();
await page.waitForTimeout(500);
await page.screenshot({ path: '/tmp/shots/rules-dialog.png' });
await browser.close();

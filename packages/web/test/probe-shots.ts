import { launch } from './browser.ts';

const url = 'http://127.0.0.1:18731';
const browser = await launch();
const page = await browser.newPage();
page.on('console', (m) => {
  if (m.type() === 'error') console.log('console:', m.text());
});
page.on('pageerror', (e) => console.log('pageerror:', e.message));
await page.setViewportSize({ width: 1280, height: 720 });
await page.goto(`${url}/#/`);
await page.waitForSelector('select[data-seat] option[value="random"]', { state: 'attached' });
await page.screenshot({ path: '/tmp/shots/lobby.png', fullPage: true });
await page.getByLabel('Players').selectOption('3');
await page.waitForTimeout(300);
await page.getByRole('button', { name: 'Create match' }).click();
await page.waitForSelector('.created');
const id = await page.locator('.created').getAttribute('data-match');
await page.goto(`${url}/#/play/${id}/0`);
for (let i = 0; i < 6; i++) {
  await page.waitForFunction(
    () =>
      document.querySelectorAll('.prompt .choices button').length > 0 &&
      document.querySelector('.table')?.getAttribute('data-pending') === 'no',
  );
  if (i === 5) break;
  await page.locator('.prompt .choices button').first().click();
  await page.waitForTimeout(400);
}
console.log('title', await page.title());
await page.screenshot({ path: '/tmp/shots/table.png' });
await page.setViewportSize({ width: 390, height: 844 });
await page.screenshot({ path: '/tmp/shots/table-390.png', fullPage: true });
await browser.close();

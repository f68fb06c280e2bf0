import { expect, test } from 'vitest';
import { startServer } from '../helpers/server-process';

test('SIGTERM while idle: the server closes and the process exits with code 0', async () => {
  const server = await startServer();
  // One finished request first, so shutdown also has to deal with a kept-alive connection.
  const response = await fetch(`${server.baseUrl}/api/health-check`);
  expect(response.status).toBe(200);
  await response.arrayBuffer();

  const code = await server.stop();
  expect(code, `server output:\n${server.output}`).toBe(0);
});

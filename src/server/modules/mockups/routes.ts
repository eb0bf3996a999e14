import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { generateMockups, generateMockupsSchema } from './service.js';

export async function mockupRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  app.post('/api/mockups', async (request) => generateMockups(context, generateMockupsSchema.parse(request.body)));
}

import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { generateMockupsSchema } from '../../../domain/mockups.js';
import { generateMockups } from './service.js';
import { describeRoute } from '../../http/api-description.js';

export async function mockupRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  app.post(
    '/api/mockups',
    { schema: describeRoute('Mockups of an artwork on the given products', { body: generateMockupsSchema }) },
    async (request) => generateMockups(context, generateMockupsSchema.parse(request.body)),
  );
}

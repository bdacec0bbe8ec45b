import type { FastifyReply } from 'fastify';
import type { JsonText } from '../read/views/json-text.js';

/** Both API surfaces: sends an answer the views serialised, with the content type Fastify gives the answers it serialises. */
export const sendJsonText = <Shape>(reply: FastifyReply, answer: JsonText<Shape>) =>
  reply.type('application/json; charset=utf-8').send(answer.text);

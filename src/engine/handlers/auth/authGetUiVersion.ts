import { defineHandler } from '../types.ts';

export const authGetUiVersion = defineHandler('authGetUiVersion', async (_input, { config }) => ({ uiVersion: config.uiVersion }));

import type { ModuleManifest } from '../../platform/module.js';
import { publicRoutes } from './public.routes.js';

export const publicModule: ModuleManifest = { name: 'public', routes: publicRoutes };

export { registerAreas } from './areas.plugin.ts';

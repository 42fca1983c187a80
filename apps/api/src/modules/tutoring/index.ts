export { registerTutoring } from './tutoring.plugin.ts';

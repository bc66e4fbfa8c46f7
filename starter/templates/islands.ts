/** Øyene: widgets som har tilstand og får liv med React i nettleseren, hver registrert én gang. */
import { defineIslands } from 'clubsite';
import ActivityFilter from '../site/widgets/activity-filter.tsx';

export const islands = defineIslands({
  'activity-filter': { module: 'site/widgets/activity-filter.tsx', component: ActivityFilter },
});

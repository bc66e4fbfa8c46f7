/**
 * The club's islands, each registered once: its name, its module (bundled for the browser)
 * and its widget (rendered on the server). Templates render `islands['…']`, so a template
 * cannot use an island the bundle does not have, nor give it props the widget does not take.
 */
import { defineIslands } from 'clubsite';
import ConsentChoicesView from '../site/widgets/consent-choices-view.tsx';
import CoursePickerView from '../site/widgets/course-picker-view.tsx';
import InstagramFeedView from '../site/widgets/instagram-feed-view.tsx';
import LevelFinder from '../site/widgets/level-finder.tsx';
import SearchView from '../site/widgets/search-view.tsx';
import TrainingTable from '../site/widgets/training-table.tsx';

export const islands = defineIslands({
  'level-finder': { module: 'site/widgets/level-finder.tsx', component: LevelFinder },
  'training-table': { module: 'site/widgets/training-table.tsx', component: TrainingTable },
  // These three are plain DOM code in the browser (their modules export `mount`: no React), views on the server.
  'course-picker': { module: 'site/widgets/course-picker.ts', component: CoursePickerView },
  'search-results': { module: 'site/widgets/search-results.ts', component: SearchView },
  'instagram-feed': { module: 'site/widgets/instagram-feed.ts', component: InstagramFeedView },
  // /cookies: the visitor's consents, each withdrawn with one button (plain DOM code, no React).
  'consent-panel': { module: 'site/widgets/consent.ts', component: ConsentChoicesView },
});

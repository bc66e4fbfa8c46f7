/**
 * The club's islands, each registered once: its name, its module (bundled for the browser)
 * and its widget (rendered on the server). Templates render `islands['…']`, so a template
 * cannot use an island the bundle does not have, nor give it props the widget does not take.
 */
import { defineIslands } from 'clubsite';
import CoursePicker from '../site/widgets/course-picker.tsx';
import InstagramFeed from '../site/widgets/instagram-feed.tsx';
import LevelFinder from '../site/widgets/level-finder.tsx';
import SearchResults from '../site/widgets/search-results.tsx';
import TrainingTable from '../site/widgets/training-table.tsx';

export const islands = defineIslands({
  'level-finder': { module: 'site/widgets/level-finder.tsx', component: LevelFinder },
  'course-picker': { module: 'site/widgets/course-picker.tsx', component: CoursePicker },
  'training-table': { module: 'site/widgets/training-table.tsx', component: TrainingTable },
  'search-results': { module: 'site/widgets/search-results.tsx', component: SearchResults },
  'instagram-feed': { module: 'site/widgets/instagram-feed.tsx', component: InstagramFeed },
});

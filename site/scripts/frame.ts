// Every page's script: the theme switch, correcting what a stale build shows about today (a
// nightly build can fail), and hiding sponsor logos that fail to load. Under 2 KB gzip, no React.
import { wireThemeSwitch } from './theme-switch.ts';
import { correctDates } from './date-correction.ts';
import { hideBrokenImages } from './hide-broken-images.ts';

wireThemeSwitch();
correctDates(new Date());
hideBrokenImages();

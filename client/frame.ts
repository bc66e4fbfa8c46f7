// Every page's only script: the theme switch, and correcting what a stale build shows about
// today (a nightly build can fail). A few hundred bytes, no React.
import { wireThemeSwitch } from './theme-switch.ts';
import { correctDates } from './date-correction.ts';
import { hideBrokenImages } from './hide-broken-images.ts';

wireThemeSwitch();
correctDates(new Date());
hideBrokenImages();

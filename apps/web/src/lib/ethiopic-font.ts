// Imported only when the interface is in Amharic: the Ethiopic subset of Noto Sans Ethiopic, self-hosted from
// the build (no font CDN). Two weights, not four: each is about 78 KB, and on a 400 kbit/s link four took six
// seconds of the line after the first paint (decision 187). The browser picks the nearest face: medium (500)
// reads in the regular one, bold (700) in the semibold one.
import '@fontsource/noto-sans-ethiopic/ethiopic-400.css';
import '@fontsource/noto-sans-ethiopic/ethiopic-600.css';

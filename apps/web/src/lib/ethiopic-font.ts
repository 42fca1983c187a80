// Imported only when the interface is in Amharic: the Ethiopic subset of Noto Sans Ethiopic in the weights the
// interface uses, self-hosted from the build (no font CDN).
import '@fontsource/noto-sans-ethiopic/ethiopic-400.css';
import '@fontsource/noto-sans-ethiopic/ethiopic-500.css';
import '@fontsource/noto-sans-ethiopic/ethiopic-600.css';
import '@fontsource/noto-sans-ethiopic/ethiopic-700.css';

// Preloaded (`node -r`) into a build that runs beside a starting server: the build takes only the CPU the server
// leaves. On Linux niceness is per thread, and the threads and processes this thread starts later inherit it.
require('node:os').setPriority(19);

// The hints are inline functions in include/cache_hint.h; SwiftPM wants one source file.
#include "cache_hint.h"

#include "tile/LinearLayout/LinearLayout.h"

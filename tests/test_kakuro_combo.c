/* test_kakuro_combo.c — combo's own unit test: added in the next commit. */
#include "check.h"

int main(void)
{
    return 0;
}

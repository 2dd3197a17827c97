/* micro.c — placeholder until the Google Benchmark driver lands. */
int main(void) { return 0; }

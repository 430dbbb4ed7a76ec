/* globals_part.c - a second source of globals.c, compiled alone (-c). */
long shared_from_other_file[4];

int other_file_counter(void)
{
    static int count;
    return ++count;
}

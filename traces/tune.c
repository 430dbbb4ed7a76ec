/* tune.c - placeholder */

/* plot.c - placeholder */

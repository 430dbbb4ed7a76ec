/* export_ucc.c - placeholder */

/* export_sos.c - placeholder */

/* export_ompi_rules.c - placeholder */

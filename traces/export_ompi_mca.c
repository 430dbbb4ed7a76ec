/* export_ompi_mca.c - placeholder */

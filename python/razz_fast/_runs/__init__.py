"""The core's runs from Python: each public run (``simulate``, ``match``,
``equity`` with its ranges, ``chart``, ``exploitability``) builds its run
object once in the core, which checks every argument, then plays it in
batches here for the progress bar and Ctrl-C, and builds the result;
``razz_fast.distributed`` plays the same objects on Dask."""

"""The version of the package (read by the build from here, and by :data:`burraco.__version__`)."""

__version__ = "0.2.0"

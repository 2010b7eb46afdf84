print("running imp_pkg/lazy.py as", __name__)
LAZY = "lazy"

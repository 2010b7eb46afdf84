async return 1

s = '''abc



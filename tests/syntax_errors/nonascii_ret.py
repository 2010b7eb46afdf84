s = "é"; return 1

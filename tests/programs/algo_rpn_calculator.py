# tokenizer + shunting-yard + RPN evaluation with error handling
PREC = {"+": 1, "-": 1, "*": 2, "/": 2, "%": 2, "^": 3}
def tokenize(s):
    tokens = []
    i = 0
    while i < len(s):
        ch = s[i]
        if ch == " ":
            i += 1
        elif ch in "0123456789.":
            j = i
            while j < len(s) and s[j] in "0123456789.":
                j += 1
            tokens.append(s[i:j])
            i = j
        elif ch in "+-*/%^()":
            tokens.append(ch)
            i += 1
        else:
            raise ValueError("unexpected character " + repr(ch) + " at " + str(i))
    return tokens
def to_rpn(tokens):
    out = []
    ops = []
    for t in tokens:
        if t in PREC:
            while ops and ops[-1] != "(" and (PREC[ops[-1]] > PREC[t] or (PREC[ops[-1]] == PREC[t] and t != "^")):
                out.append(ops.pop())
            ops.append(t)
        elif t == "(":
            ops.append(t)
        elif t == ")":
            while ops and ops[-1] != "(":
                out.append(ops.pop())
            if not ops:
                raise ValueError("unbalanced )")
            ops.pop()
        else:
            out.append(t)
    while ops:
        op = ops.pop()
        if op == "(":
            raise ValueError("unbalanced (")
        out.append(op)
    return out
def evaluate(rpn):
    stack = []
    for t in rpn:
        if t in PREC:
            if len(stack) < 2:
                raise ValueError("not enough operands for " + t)
            b = stack.pop()
            a = stack.pop()
            if t == "+":
                stack.append(a + b)
            elif t == "-":
                stack.append(a - b)
            elif t == "*":
                stack.append(a * b)
            elif t == "/":
                stack.append(a / b)
            elif t == "%":
                stack.append(a % b)
            else:
                stack.append(a ** b)
        else:
            stack.append(float(t) if "." in t else int(t))
    if len(stack) != 1:
        raise ValueError("malformed expression")
    return stack[0]
exprs = ["1 + 2 * 3", "(1 + 2) * 3", "2 ^ 3 ^ 2", "10 / 4", "7 % 3 + 0.5", "2 ^ 100",
         "1 / 0", "(1 + 2", "1 + 2)", "3 $ 4", "1 +", "((((5))))", "100 - 1 - 2 - 3"]
for e in exprs:
    try:
        rpn = to_rpn(tokenize(e))
        print(f"{e!r:>16} => {' '.join(rpn):<20} = {evaluate(rpn)}")
    except ZeroDivisionError as err:
        print(f"{e!r:>16} => ZeroDivisionError: {err}")
    except ValueError as err:
        print(f"{e!r:>16} => ValueError: {err}")

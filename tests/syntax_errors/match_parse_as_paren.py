match 1:
    case 1 as (x):
        pass

try:
    try:
        try:
            try:
                try:
                    try:
                        try:
                            try:
                                try:
                                    try:
                                        try:
                                            try:
                                                try:
                                                    try:
                                                        try:
                                                            try:
                                                                try:
                                                                    try:
                                                                        try:
                                                                            try:
                                                                                pass
                                                                            except ValueError:
                                                                                pass
                                                                        except ValueError:
                                                                            pass
                                                                    except ValueError:
                                                                        pass
                                                                except ValueError:
                                                                    pass
                                                            except ValueError:
                                                                pass
                                                        except ValueError:
                                                            pass
                                                    except ValueError:
                                                        pass
                                                except ValueError:
                                                    pass
                                            except ValueError:
                                                pass
                                        except ValueError:
                                            pass
                                    except ValueError:
                                        pass
                                except ValueError:
                                    pass
                            except ValueError:
                                pass
                        except ValueError:
                            pass
                    except ValueError:
                        pass
                except ValueError:
                    pass
            except ValueError:
                pass
        except ValueError:
            pass
    except ValueError:
        pass
except ValueError:
    pass

def foretell() -> str:
    return "rain"

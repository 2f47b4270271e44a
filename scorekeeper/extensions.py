"""The Flask extensions, created unbound and initialised in create_app()."""

from typing import TYPE_CHECKING

from flask_babel import Babel
from flask_compress import Compress
from flask_migrate import Migrate
from flask_sqlalchemy import SQLAlchemy
from flask_wtf import CSRFProtect
from sqlalchemy.orm import DeclarativeBase


class Base(DeclarativeBase):
    pass


db = SQLAlchemy(model_class=Base)
# What models subclass: db.Model, which type checkers know only as the declarative base it is built on.
if TYPE_CHECKING:
    Model = Base
else:
    Model = db.Model
migrate = Migrate()
babel = Babel()
csrf = CSRFProtect()
compress = Compress()

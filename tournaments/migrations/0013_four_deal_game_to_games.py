# The four-deal game's models moved to their own app, ``games`` (issue 28). Only
# Django's record of the models moves: their tables keep their names
# (``Meta.db_table``), so no row is copied and nothing is done to the database here.
# ``games.0001_initial`` adds the same models to ``games``' state, after this one.

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('tournaments', '0012_board_set_analysis_updated_at'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.DeleteModel(name='FourDealDeal'),
                migrations.DeleteModel(name='FourDealTable'),
                migrations.DeleteModel(name='FourDealGame'),
            ],
            database_operations=[],
        ),
    ]
